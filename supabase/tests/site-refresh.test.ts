// Publish means live, production mode: the refresh-site function (under Deno, called as the
// schedule calls it, with the secret key) against a local stand-in for the static host, which
// counts build-hook calls and serves the build.json a finished build leaves behind.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestStack } from "../local/__tests__/helpers.ts";
import { BACKEND, runMarker, startProjectStack } from "./hardening/support.ts";

const QUIET_SECONDS = 1;

/** The static host: its build hook, and the build.json of the build it last finished. */
const host = {
  hookCalls: 0,
  hookStatus: 200,
  dataReadAt: new Date(0).toISOString(),
  server: null as Server | null,
  url: "",
};

let stack: TestStack;

beforeAll(async () => {
  host.server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/hook") {
      host.hookCalls++;
      res.writeHead(host.hookStatus).end();
    } else if (req.url?.startsWith("/build.json")) {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ dataReadAt: host.dataReadAt }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.server!.listen(0, "127.0.0.1", resolve));
  host.url = `http://127.0.0.1:${(host.server!.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    SITE_URL: host.url,
    SITE_DEPLOY_HOOK_URL: `${host.url}/hook`,
    SITE_REFRESH_QUIET_SECONDS: String(QUIET_SECONDS),
    SITE_REFRESH_LONGEST_WAIT_SECONDS: "60",
    // Retries are shown by calling claim_site_build itself; none may land in another test.
    SITE_BUILD_RETRY_SECONDS: "3600",
  });
  stack = await startProjectStack();
});

afterAll(async () => {
  await stack?.close();
  host.server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One tick of the schedule: refresh-site called with `key` as apikey. */
async function refreshSite(key = stack.secretKey) {
  const response = await fetch(`${stack.url}/functions/v1/refresh-site`, {
    method: "POST",
    headers: { apikey: key, "Content-Type": "application/json" },
    body: "{}",
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The host finishes its build: build.json says it read the data now. */
function hostFinishesBuild() {
  host.dataReadAt = new Date().toISOString();
}

async function statusOf(postId: string) {
  const { data, error } = await stack.service.rpc("post_site_status", { post_id: postId });
  if (error) throw error;
  return data as string | null;
}

async function builds() {
  const { data, error } = await stack.service
    .from("site_builds")
    .select("id,status,detail")
    .order("id");
  if (error) throw error;
  return data as { id: number; status: string; detail: string | null }[];
}

async function createPost(overrides: Record<string, unknown> = {}) {
  const slug = runMarker("refresh");
  const { data, error } = await stack.service
    .from("blog_posts")
    .insert({ title: `Post ${slug}`, slug, language: "en", status: "published", ...overrides })
    .select("id")
    .single();
  if (error) throw error;
  return data.id as string;
}

/** Ticks until the pending changes are built and the host shows them. */
async function settle() {
  await sleep(QUIET_SECONDS * 1000 + 200);
  await refreshSite();
  hostFinishesBuild();
  await refreshSite();
  expect((await builds()).filter((build) => build.status === "building")).toEqual([]);
}

beforeEach(async () => {
  host.hookStatus = 200;
  // The seed's posts and earlier tests' changes: built and shown before each test starts.
  await settle();
  host.hookCalls = 0;
});

describe(`refresh-site (${BACKEND})`, () => {
  it("answers only a secret key", async () => {
    expect((await refreshSite(stack.publishableKey)).status).toBe(401);
    expect((await refreshSite(stack.anonKey)).status).toBe(401);
    expect((await refreshSite("")).status).toBe(401);
    expect((await refreshSite()).status).toBe(200);
    const visitor = await stack.publishable.rpc("claim_site_build", {});
    expect(visitor.error).not.toBeNull();
    expect(host.hookCalls).toBe(0);
  });

  it("turns a burst of 10 saves into one build-hook call, then marks the post live", async () => {
    const postId = await createPost();
    for (let save = 1; save <= 10; save++) {
      const { error } = await stack.service
        .from("blog_posts")
        .update({ excerpt: `Save ${save}` })
        .eq("id", postId);
      expect(error).toBeNull();
      // The schedule keeps ticking during the burst: nothing is built while saves go on.
      await refreshSite();
    }
    expect(host.hookCalls).toBe(0);
    expect(await statusOf(postId)).toBe("building");

    await sleep(QUIET_SECONDS * 1000 + 200);
    expect(await refreshSite()).toMatchObject({ status: 202, body: { status: "building" } });
    // Later ticks wait for the host: one build at a time, no second call.
    for (let tick = 0; tick < 3; tick++) await refreshSite();
    expect(host.hookCalls).toBe(1);
    expect(await statusOf(postId)).toBe("building");

    hostFinishesBuild();
    await refreshSite();
    expect(await statusOf(postId)).toBe("live");
    expect(host.hookCalls).toBe(1);
  });

  it("refreshes for an unpublished and for a deleted post, not for a draft", async () => {
    const draftId = await createPost({ status: "draft" });
    await stack.service.from("blog_posts").update({ excerpt: "Still a draft" }).eq("id", draftId);
    expect(await statusOf(draftId)).toBeNull();
    await sleep(QUIET_SECONDS * 1000 + 200);
    await refreshSite();
    expect(host.hookCalls).toBe(0);

    const postId = await createPost();
    await settle();
    await stack.service.from("blog_posts").update({ status: "draft" }).eq("id", postId);
    expect(await statusOf(postId)).toBe("building");
    await settle();
    expect(await statusOf(postId)).toBe("live");
    // Deleting the draft it now is changes nothing visitors see; deleting a published post does.
    await stack.service.from("blog_posts").delete().eq("id", postId);
    expect(await statusOf(postId)).toBe("live");
    const deletedId = await createPost();
    await settle();
    await stack.service.from("blog_posts").delete().eq("id", deletedId);
    expect(await statusOf(deletedId)).toBe("building");
    await settle();
    expect(await statusOf(deletedId)).toBe("live");
    expect(host.hookCalls).toBe(4);
  });

  it("builds a scheduled post once it comes due", async () => {
    const postId = await createPost({
      published_at: new Date(Date.now() + 2_500).toISOString(),
    });
    await refreshSite();
    expect(await statusOf(postId)).toBeNull();
    await sleep(3_000);
    await refreshSite();
    expect(await statusOf(postId)).toBe("building");
    await settle();
    expect(await statusOf(postId)).toBe("live");
    expect(host.hookCalls).toBe(1);
  });

  it("records a published translation's partner as changed when the translation is published, re-slugged, unpublished or deleted, not when it is only edited", async () => {
    const originalId = await createPost({ language: "en" });
    const { data: original } = await stack.service
      .from("blog_posts")
      .select("translation_group")
      .eq("id", originalId)
      .single();
    const translationId = await createPost({
      language: "fr",
      status: "draft",
      translation_group: original!.translation_group,
    });
    await settle();
    const changesOf = async (postId: string) => {
      const { count, error } = await stack.service
        .from("site_changes")
        .select("id", { count: "exact", head: true })
        .eq("post_id", postId);
      if (error) throw error;
      return count;
    };
    const update = async (values: Record<string, unknown>) => {
      const { error } = await stack.service
        .from("blog_posts")
        .update(values)
        .eq("id", translationId);
      expect(error).toBeNull();
    };

    // Edits to the draft translation change nothing visitors see.
    let recorded = await changesOf(originalId);
    await update({ excerpt: "Brouillon" });
    expect(await changesOf(originalId)).toBe(recorded);

    for (const step of [
      { status: "published" },
      { slug: runMarker("renamed") },
      { status: "draft" },
    ]) {
      await update(step);
      expect(await changesOf(originalId), JSON.stringify(step)).toBe(recorded! + 1);
      expect(await statusOf(originalId)).toBe("building");
      await settle();
      expect(await statusOf(originalId)).toBe("live");
      recorded = await changesOf(originalId);
      // An edit that leaves the translation's address where it was leaves its partner alone.
      if (step.status === "published") {
        await update({ excerpt: "Publié" });
        expect(await changesOf(originalId)).toBe(recorded);
        await settle();
      }
    }

    await update({ status: "published" });
    await settle();
    recorded = await changesOf(originalId);
    await stack.service.from("blog_posts").delete().eq("id", translationId);
    expect(await changesOf(originalId)).toBe(recorded! + 1);
    expect(await statusOf(originalId)).toBe("building");
  });

  it("records a published partner as changed when its scheduled translation comes due", async () => {
    const originalId = await createPost({ language: "fr" });
    const { data: original } = await stack.service
      .from("blog_posts")
      .select("translation_group")
      .eq("id", originalId)
      .single();
    await settle();
    await createPost({
      language: "en",
      translation_group: original!.translation_group,
      published_at: new Date(Date.now() + 2_500).toISOString(),
    });
    await refreshSite();
    expect(await statusOf(originalId)).toBe("live");
    await sleep(3_000);
    await refreshSite();
    expect(await statusOf(originalId)).toBe("building");
    await settle();
    expect(await statusOf(originalId)).toBe("live");
  });

  it("fails the build when the hook refuses, and builds again on the next change", async () => {
    const postId = await createPost();
    host.hookStatus = 500;
    await sleep(QUIET_SECONDS * 1000 + 200);
    expect(await refreshSite()).toMatchObject({ status: 200, body: { status: "failed" } });
    expect(await statusOf(postId)).toBe("failed");
    expect((await builds()).at(-1)).toMatchObject({
      status: "failed",
      detail: "The build hook answered 500.",
    });

    // Tried again once the retry delay has passed (here: none).
    const retry = await stack.service.rpc("claim_site_build", {
      quiet_seconds: 0,
      retry_seconds: 0,
    });
    expect(retry.data).toHaveLength(1);
    expect(await statusOf(postId)).toBe("building");
    await stack.service.rpc("finish_site_build", { build_id: retry.data![0].id, outcome: "live" });
    expect(await statusOf(postId)).toBe("live");

    host.hookStatus = 200;
    await stack.service.from("blog_posts").update({ excerpt: "Try again" }).eq("id", postId);
    await settle();
    expect(await statusOf(postId)).toBe("live");
    expect(host.hookCalls).toBe(2);
  });

  it("fails a build the host never finishes, after the timeout", async () => {
    const postId = await createPost();
    await sleep(QUIET_SECONDS * 1000 + 200);
    await refreshSite();
    expect(await statusOf(postId)).toBe("building");
    const { error } = await stack.service.rpc("claim_site_build", {
      quiet_seconds: 0,
      longest_wait_seconds: 0,
      build_timeout_seconds: 0,
    });
    expect(error).toBeNull();
    expect(await statusOf(postId)).toBe("failed");
    expect((await builds()).at(-1)!.detail).toBe(
      "The site did not show this build within 0 seconds.",
    );
  });
});
