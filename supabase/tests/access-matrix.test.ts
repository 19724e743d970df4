// The access matrix: every table, driven through supabase-js against the local stack by each
// kind of caller (visitor, signed-in non-staff user, staff, service role), for select, insert,
// update and delete. The database (grants + row-level security in supabase/migrations) is the
// security boundary, so this is where it is proven.

import { randomUUID } from "node:crypto";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAsNewVisitors } from "./leads.ts";
import { adminCreate } from "../../scripts/admin-create.ts";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import { startTestStack } from "../local/__tests__/helpers.ts";
import {
  DEFAULT_FUNCTIONS_DIR,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SEED_FILE,
} from "../local/src/config.ts";
import { visitorLead, type LeadRow } from "./leads.ts";

const ADMIN_EMAIL = "staff@appgrove.test";
const ADMIN_PASSWORD = "staff-password-for-tests";
const NOTIFY_TO = "leads@appgrove.test";

type Stack = Awaited<ReturnType<typeof startTestStack>>;

let stack: Stack;
let anon: SupabaseClient;
let user: SupabaseClient;
let staff: SupabaseClient;
let service: SupabaseClient;

const PUBLISHED_PER_LANGUAGE = 7;
const HIDDEN_SLUGS = {
  en: ["draft-privacy-manifests-checklist", "what-is-next-for-ios-attribution"],
  fr: ["brouillon-manifeste-confidentialite-ios", "perspectives-attribution-ios"],
};

// Each request another visitor: the per-address limits have their own suite (hardening/intake).
const client = (key: string): SupabaseClient =>
  createNodeClient(stack.url, key, { fetch: fetchAsNewVisitors });

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = client(stack.anonKey);
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  expect(data.session?.access_token).toBeTruthy();
  return c;
}

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

const newLead = (overrides: Record<string, unknown> = {}) =>
  visitorLead(uniqueEmail("lead"), {
    phone: "+33 1 23 45 67 89",
    ...overrides,
  } as Partial<LeadRow>);

function newPost(overrides: Record<string, unknown> = {}) {
  const slug = `test-post-${randomUUID().slice(0, 8)}`;
  return { title: `Test ${slug}`, slug, status: "draft", language: "en", ...overrides };
}

/** Inserts rows with the service role and returns them. */
async function serviceInsert<T = Record<string, unknown>>(
  table: string,
  row: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await service.from(table).insert(row).select().single();
  expect(error).toBeNull();
  return data as T;
}

async function serviceGet<T = Record<string, unknown>>(
  table: string,
  id: string,
): Promise<T | null> {
  const { data, error } = await service.from(table).select().eq("id", id).maybeSingle();
  expect(error).toBeNull();
  return data as T | null;
}

beforeAll(async () => {
  process.env.LEAD_NOTIFICATION_TO ??= NOTIFY_TO;
  delete process.env.RESEND_API_KEY;
  // With DATABASE_URL (supabase/local/scripts/with-postgres.sh) the matrix runs on a fresh
  // database of a real PostgreSQL server; on PGlite in memory otherwise.
  stack = await startTestStack({
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    seedFile: DEFAULT_SEED_FILE,
    functionsDir: DEFAULT_FUNCTIONS_DIR,
    seedAdmin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  anon = client(stack.anonKey);
  service = client(stack.serviceRoleKey);

  // A signed-in user who is not staff, and who claims to be admin where users can write
  // (user_metadata): that must grant nothing.
  const userEmail = uniqueEmail("member");
  const userPassword = "member-password-for-tests";
  const { error } = await service.auth.admin.createUser({
    email: userEmail,
    password: userPassword,
    email_confirm: true,
    user_metadata: { role: "admin" },
  });
  expect(error).toBeNull();
  user = await signedIn(userEmail, userPassword);
  staff = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await stack?.close();
});

describe("leads", () => {
  it("anyone can insert a lead (without reading it back)", async () => {
    for (const c of [anon, user, staff, service]) {
      const row = newLead();
      const { error, status } = await c.from("leads").insert(row);
      expect(error).toBeNull();
      expect(status).toBe(201);
      const { data } = await service.from("leads").select("status").eq("email", row.email);
      expect(data).toEqual([{ status: "new" }]);
    }
  });

  it("visitors and users cannot set id, status or created_at", async () => {
    for (const c of [anon, user]) {
      for (const extra of [
        { status: "qualified" },
        { id: randomUUID() },
        { created_at: "2020-01-01T00:00:00Z" },
      ]) {
        const row = newLead(extra);
        const { error } = await c.from("leads").insert(row);
        expect(error, JSON.stringify(extra)).not.toBeNull();
        expect(error!.code).toBe("42501");
        const { data } = await service.from("leads").select("id").eq("email", row.email);
        expect(data).toEqual([]);
      }
    }
  });

  it("rejects invalid leads with a 400", async () => {
    for (const bad of [
      { name: "   " },
      { email: "not-an-email" },
      { source: "elsewhere" },
      { language: "de" },
      { name: "x".repeat(201) },
      { message: "x".repeat(5001) },
      { name: "Line\nbreak" },
    ]) {
      const { error, status } = await anon.from("leads").insert(newLead(bad));
      expect(error, JSON.stringify(bad)).not.toBeNull();
      expect(status).toBe(400);
    }
    const { error } = await anon
      .from("leads")
      .insert({ email: uniqueEmail("noname"), source: "contact" });
    expect(error).not.toBeNull();
  });

  it("only staff and the service role read leads", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());

    const asAnon = await anon.from("leads").select("*");
    expect(asAnon.error?.code).toBe("42501");
    expect(asAnon.status).toBe(401);

    const asUser = await user.from("leads").select("*");
    expect(asUser.error).toBeNull();
    expect(asUser.data).toEqual([]);

    for (const c of [staff, service]) {
      const { data, error } = await c
        .from("leads")
        .select("*")
        .order("created_at", { ascending: false });
      expect(error).toBeNull();
      expect(data!.map((r) => r.id)).toContain(lead.id);
    }
  });

  it("only staff (and the service role) change a lead, and staff only its status", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());

    const asAnon = await anon.from("leads").update({ status: "qualified" }).eq("id", lead.id);
    expect(asAnon.error?.code).toBe("42501");

    const asUser = await user
      .from("leads")
      .update({ status: "qualified" })
      .eq("id", lead.id)
      .select();
    expect(asUser.error).toBeNull();
    expect(asUser.data).toEqual([]);
    expect((await serviceGet<{ status: string }>("leads", lead.id))!.status).toBe("new");

    const asStaff = await staff
      .from("leads")
      .update({ status: "contacted" })
      .eq("id", lead.id)
      .select("status");
    expect(asStaff.error).toBeNull();
    expect(asStaff.data).toEqual([{ status: "contacted" }]);

    const staffName = await staff.from("leads").update({ name: "Changed" }).eq("id", lead.id);
    expect(staffName.error?.code).toBe("42501");
    expect(staffName.status).toBe(403);

    const badStatus = await staff.from("leads").update({ status: "won" }).eq("id", lead.id);
    expect(badStatus.error?.code).toBe("23514");

    const asService = await service.from("leads").update({ status: "qualified" }).eq("id", lead.id);
    expect(asService.error).toBeNull();
    expect(await serviceGet("leads", lead.id)).toMatchObject({ status: "qualified" });
  });

  it("nobody, the service role included, rewrites what the visitor sent", async () => {
    const lead = await serviceInsert<LeadRow & { id: string; created_at: string }>(
      "leads",
      newLead(),
    );
    const rewrites: Record<string, unknown>[] = [
      { name: "Changed" },
      { email: "changed@example.com" },
      { message: "Another message" },
      { website: null },
      { source: "about" },
      { created_at: "2020-01-01T00:00:00Z" },
      { status: "contacted", budget: "$1" },
    ];
    for (const rewrite of rewrites) {
      const { error, status } = await service.from("leads").update(rewrite).eq("id", lead.id);
      expect(error?.code, JSON.stringify(rewrite)).toBe("42501");
      expect(error?.message).toBe("What a visitor sent with a lead cannot be changed.");
      expect(status).toBe(403);
    }
    const staffRewrite = await staff
      .from("leads")
      .update({ status: "contacted", company: "Changed" })
      .eq("id", lead.id);
    expect(staffRewrite.error?.code).toBe("42501");
    expect(await serviceGet("leads", lead.id)).toEqual(lead);
  });

  it("only the service role deletes leads", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());
    for (const c of [anon, user, staff]) {
      const { error } = await c.from("leads").delete().eq("id", lead.id);
      expect(error?.code).toBe("42501");
      expect(await serviceGet("leads", lead.id)).not.toBeNull();
    }
    const { error } = await service.from("leads").delete().eq("id", lead.id);
    expect(error).toBeNull();
    expect(await serviceGet("leads", lead.id)).toBeNull();
  });

  it("stores a 6th lead for the same e-mail within an hour, as a repeat of the first", async () => {
    const email = uniqueEmail("repeat");
    for (let i = 0; i < 6; i++) {
      const { error } = await anon
        .from("leads")
        .insert(newLead({ email: i % 2 ? email.toUpperCase() : email }));
      expect(error, `lead ${i + 1}`).toBeNull();
    }
    const { data } = await service
      .from("leads")
      .select("id, repeat_of")
      .ilike("email", email)
      .order("created_at");
    expect(data).toHaveLength(6);
    expect(data!.slice(1).every((row) => row.repeat_of === data![0]!.id)).toBe(true);
  });
});

describe("lead notes and status history", () => {
  async function staffId(): Promise<string> {
    const { data, error } = await staff.auth.getUser();
    expect(error).toBeNull();
    return data.user!.id;
  }

  it("a status change is recorded with who made it and when; nobody writes the history", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());
    const before = Date.now();
    expect(
      (await staff.from("leads").update({ status: "contacted" }).eq("id", lead.id)).error,
    ).toBeNull();
    // The same status again is not a change.
    expect(
      (await staff.from("leads").update({ status: "contacted" }).eq("id", lead.id)).error,
    ).toBeNull();
    expect(
      (await service.from("leads").update({ status: "qualified" }).eq("id", lead.id)).error,
    ).toBeNull();

    const { data, error } = await staff
      .from("lead_status_changes")
      .select("from_status, to_status, changed_by, changed_by_name, changed_at")
      .eq("lead_id", lead.id)
      .order("id");
    expect(error).toBeNull();
    expect(data).toMatchObject([
      {
        from_status: "new",
        to_status: "contacted",
        changed_by: await staffId(),
        changed_by_name: "Staff",
      },
      { from_status: "contacted", to_status: "qualified", changed_by: null, changed_by_name: null },
    ]);
    expect(Date.parse(data![0]!.changed_at)).toBeGreaterThanOrEqual(before - 5_000);

    for (const c of [anon, user, staff]) {
      const forged = await c
        .from("lead_status_changes")
        .insert({ lead_id: lead.id, from_status: "qualified", to_status: "new" });
      expect(forged.error?.code).toBe("42501");
      const edited = await c
        .from("lead_status_changes")
        .update({ changed_by_name: "Someone else" })
        .eq("lead_id", lead.id);
      expect(edited.error?.code).toBe("42501");
      const erased = await c.from("lead_status_changes").delete().eq("lead_id", lead.id);
      expect(erased.error?.code).toBe("42501");
    }
    const anonRead = await anon.from("lead_status_changes").select("*");
    expect(anonRead.error?.code).toBe("42501");
    const userRead = await user.from("lead_status_changes").select("*").eq("lead_id", lead.id);
    expect(userRead.error).toBeNull();
    expect(userRead.data).toEqual([]);
    expect(
      (await service.from("lead_status_changes").select("id").eq("lead_id", lead.id)).data,
    ).toHaveLength(2);
  });

  it("staff add notes under their own name; visitors and users neither read nor write them", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());
    const added = await staff
      .from("lead_notes")
      .insert({ lead_id: lead.id, body: "Called them:\nbudget confirmed." })
      .select("body, author_id, author_name, created_at")
      .single();
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({
      body: "Called them:\nbudget confirmed.",
      author_id: await staffId(),
      author_name: "Staff",
    });

    // The author and date are the database's, whatever the client sends.
    const forged = await staff.from("lead_notes").insert({
      lead_id: lead.id,
      body: "Forged",
      author_name: "Someone else",
      created_at: "2020-01-01T00:00:00Z",
    });
    expect(forged.error?.code).toBe("42501");

    const edited = await staff
      .from("lead_notes")
      .update({ body: "Rewritten" })
      .eq("lead_id", lead.id);
    expect(edited.error?.code).toBe("42501");
    const erased = await staff.from("lead_notes").delete().eq("lead_id", lead.id);
    expect(erased.error?.code).toBe("42501");

    for (const body of ["   ", "a".repeat(5001), "bell\u0007"]) {
      const refused = await staff.from("lead_notes").insert({ lead_id: lead.id, body });
      expect(refused.error?.code).toBe("23514");
    }

    const anonWrite = await anon.from("lead_notes").insert({ lead_id: lead.id, body: "Spam" });
    expect(anonWrite.error?.code).toBe("42501");
    const anonRead = await anon.from("lead_notes").select("*");
    expect(anonRead.error?.code).toBe("42501");
    const userWrite = await user.from("lead_notes").insert({ lead_id: lead.id, body: "Spam" });
    expect(userWrite.error?.code).toBe("42501");
    const userRead = await user.from("lead_notes").select("*").eq("lead_id", lead.id);
    expect(userRead.error).toBeNull();
    expect(userRead.data).toEqual([]);

    const kept = await service.from("lead_notes").select("body").eq("lead_id", lead.id);
    expect(kept.data).toEqual([{ body: "Called them:\nbudget confirmed." }]);

    // Erasing a lead takes its notes and history with it.
    expect((await service.from("leads").delete().eq("id", lead.id)).error).toBeNull();
    expect((await service.from("lead_notes").select("id").eq("lead_id", lead.id)).data).toEqual([]);
  });
});

describe("newsletter_subscribers", () => {
  it("anyone can sign up through newsletter_subscribe; twice stores one pending row", async () => {
    for (const c of [anon, user, staff]) {
      const email = uniqueEmail("news");
      const first = await c.rpc("newsletter_subscribe", { email, language: "fr" });
      expect(first.error).toBeNull();
      const second = await c.rpc("newsletter_subscribe", {
        email: email.toUpperCase(),
        language: "en",
      });
      expect(second.error).toBeNull();
      expect(second.status).toBe(first.status);

      const { data } = await service
        .from("newsletter_subscribers")
        .select("email, language, status")
        .ilike("email", email);
      expect(data).toEqual([{ email, language: "en", status: "pending" }]);
    }
  });

  it("nobody but the service role inserts rows directly, and invalid addresses are refused", async () => {
    for (const c of [anon, user, staff]) {
      const { error } = await c
        .from("newsletter_subscribers")
        .insert({ email: uniqueEmail("n"), language: "en" });
      expect(error?.code).toBe("42501");
    }
    const { error, status } = await anon.rpc("newsletter_subscribe", { email: "nope" });
    expect(error?.code).toBe("23514");
    expect(status).toBe(400);
  });

  it("only the service role issues confirmation links", async () => {
    for (const c of [anon, user, staff]) {
      const { error } = await c.rpc("claim_newsletter_confirmation", { address: "a@example.com" });
      expect(error).not.toBeNull();
    }
  });

  it("only staff and the service role read sign-ups", async () => {
    const row = await serviceInsert<{ id: string }>("newsletter_subscribers", {
      email: uniqueEmail("read"),
    });

    const asAnon = await anon.from("newsletter_subscribers").select("*");
    expect(asAnon.error?.code).toBe("42501");

    const asUser = await user.from("newsletter_subscribers").select("*");
    expect(asUser.error).toBeNull();
    expect(asUser.data).toEqual([]);

    for (const c of [staff, service]) {
      const { data, error } = await c.from("newsletter_subscribers").select("id");
      expect(error).toBeNull();
      expect(data!.map((r) => r.id)).toContain(row.id);
    }
  });

  it("only the service role updates or deletes sign-ups", async () => {
    const row = await serviceInsert<{ id: string }>("newsletter_subscribers", {
      email: uniqueEmail("del"),
    });
    for (const c of [anon, user, staff]) {
      const upd = await c
        .from("newsletter_subscribers")
        .update({ language: "fr" })
        .eq("id", row.id);
      expect(upd.error?.code).toBe("42501");
      const del = await c.from("newsletter_subscribers").delete().eq("id", row.id);
      expect(del.error?.code).toBe("42501");
    }
    expect(await serviceGet("newsletter_subscribers", row.id)).toMatchObject({ language: "en" });

    expect(
      (await service.from("newsletter_subscribers").update({ language: "fr" }).eq("id", row.id))
        .error,
    ).toBeNull();
    expect(
      (await service.from("newsletter_subscribers").delete().eq("id", row.id)).error,
    ).toBeNull();
    expect(await serviceGet("newsletter_subscribers", row.id)).toBeNull();
  });
});

describe("blog_posts", () => {
  it("visitors and non-staff users read only published posts whose time has come", async () => {
    for (const c of [anon, user]) {
      for (const language of ["en", "fr"] as const) {
        const { data, error } = await c
          .from("blog_posts")
          .select("slug, status, published_at")
          .eq("language", language)
          .eq("status", "published")
          .order("created_at", { ascending: false });
        expect(error).toBeNull();
        expect(data!.length).toBeGreaterThanOrEqual(PUBLISHED_PER_LANGUAGE);

        const all = await c
          .from("blog_posts")
          .select("id, status, published_at")
          .eq("language", language);
        const everything = await service
          .from("blog_posts")
          .select("id, status, published_at")
          .eq("language", language);
        const due = everything.data!.filter(
          (p) =>
            p.status === "published" &&
            p.published_at &&
            new Date(p.published_at).getTime() <= Date.now(),
        );
        expect(all.data!.map((p) => p.id).sort()).toEqual(due.map((p) => p.id).sort());
        expect(everything.data!.length).toBeGreaterThan(due.length);

        for (const slug of HIDDEN_SLUGS[language]) {
          const one = await c
            .from("blog_posts")
            .select("*")
            .eq("language", language)
            .eq("slug", slug)
            .maybeSingle();
          expect(one.error).toBeNull();
          expect(one.data).toBeNull();
        }
      }
    }
  });

  it("the seed has a featured post, a video post and a long rich post per language", async () => {
    for (const language of ["en", "fr"]) {
      const { data } = await anon.from("blog_posts").select("*").eq("language", language);
      const posts = data!.filter((p) => !p.slug.startsWith("test-post-"));
      expect(posts).toHaveLength(PUBLISHED_PER_LANGUAGE);
      expect(posts.some((p) => p.featured)).toBe(true);
      expect(
        posts.some((p) => /^https:\/\/www\.youtube-nocookie\.com\/embed\//.test(p.video_url ?? "")),
      ).toBe(true);
      const long = posts.find((p) => p.content.includes('data-type="taskList"'));
      expect(long).toBeDefined();
      for (const tag of [
        "<h1>",
        "<h2>",
        "<h3>",
        "<strong>",
        "<em>",
        "<u>",
        "<s>",
        "<code>",
        "<pre>",
        "<blockquote>",
        "<ol>",
        "<hr>",
        "<br>",
        "<a ",
        "<img ",
      ]) {
        expect(long!.content, tag).toContain(tag);
      }
      expect(new Set(posts.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    }
  });

  it("staff and the service role read every post, drafts and scheduled ones included", async () => {
    for (const c of [staff, service]) {
      const { data, error } = await c
        .from("blog_posts")
        .select("slug")
        .order("created_at", { ascending: false });
      expect(error).toBeNull();
      const slugs = data!.map((p) => p.slug);
      for (const slug of [...HIDDEN_SLUGS.en, ...HIDDEN_SLUGS.fr]) expect(slugs).toContain(slug);
    }
  });

  it("only staff and the service role create posts", async () => {
    const asAnon = await anon.from("blog_posts").insert(newPost());
    expect(asAnon.error?.code).toBe("42501");
    expect(asAnon.status).toBe(401);

    const asUser = await user.from("blog_posts").insert(newPost());
    expect(asUser.error?.code).toBe("42501");
    expect(asUser.status).toBe(403);

    const created = await staff
      .from("blog_posts")
      .insert({ ...newPost(), status: "published", language: undefined })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ status: "published", language: "fr", featured: false });
    expect(created.data!.published_at).toBeTruthy();

    const visible = await anon.from("blog_posts").select("id").eq("id", created.data!.id);
    expect(visible.data).toHaveLength(1);

    const forbidden = await staff.from("blog_posts").insert({ ...newPost(), id: randomUUID() });
    expect(forbidden.error?.code).toBe("42501");

    const dup = await staff
      .from("blog_posts")
      .insert({ ...newPost(), slug: created.data!.slug, language: "fr" });
    expect(dup.error?.code).toBe("23505");
    expect(dup.status).toBe(409);

    for (const bad of [
      { slug: "Not A Slug" },
      { category: "Crypto" },
      { status: "archived" },
      { title: " " },
    ]) {
      const res = await staff.from("blog_posts").insert(newPost(bad));
      expect(res.error, JSON.stringify(bad)).not.toBeNull();
      expect(res.status).toBe(400);
    }

    const bySvc = await service.from("blog_posts").insert(newPost()).select("id").single();
    expect(bySvc.error).toBeNull();
  });

  it("only staff and the service role update posts; updated_at is kept by the database", async () => {
    const post = await serviceInsert<{ id: string; title: string; updated_at: string }>(
      "blog_posts",
      newPost({ status: "published" }),
    );

    const asAnon = await anon.from("blog_posts").update({ title: "Hacked" }).eq("id", post.id);
    expect(asAnon.error?.code).toBe("42501");

    const asUser = await user
      .from("blog_posts")
      .update({ title: "Hacked" })
      .eq("id", post.id)
      .select();
    expect(asUser.error).toBeNull();
    expect(asUser.data).toEqual([]);
    expect((await serviceGet<{ title: string }>("blog_posts", post.id))!.title).toBe(post.title);

    await new Promise((r) => setTimeout(r, 20));
    const asStaff = await staff
      .from("blog_posts")
      .update({ title: "Edited by staff", status: "draft" })
      .eq("id", post.id)
      .select()
      .single();
    expect(asStaff.error).toBeNull();
    expect(asStaff.data).toMatchObject({ title: "Edited by staff", status: "draft" });
    expect(new Date(asStaff.data!.updated_at).getTime()).toBeGreaterThan(
      new Date(post.updated_at).getTime(),
    );

    const staffCreatedAt = await staff
      .from("blog_posts")
      .update({ created_at: "2020-01-01T00:00:00Z" })
      .eq("id", post.id);
    expect(staffCreatedAt.error?.code).toBe("42501");

    const bySvc = await service.from("blog_posts").update({ featured: true }).eq("id", post.id);
    expect(bySvc.error).toBeNull();
  });

  it("staff store a main image's size with it: both or neither, positive, never without the image", async () => {
    const image_url = "https://example.com/cover.png";
    const created = await staff
      .from("blog_posts")
      .insert(newPost({ image_url, image_width: 1600, image_height: 900 }))
      .select("id, image_width, image_height")
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ image_width: 1600, image_height: 900 });

    for (const bad of [
      { image_url, image_width: 1600, image_height: null },
      { image_url, image_width: null, image_height: 900 },
      { image_url, image_width: 0, image_height: 900 },
      { image_url, image_width: 1600, image_height: -1 },
      { image_url: null, image_width: 1600, image_height: 900 },
    ]) {
      const res = await staff.from("blog_posts").update(bad).eq("id", created.data!.id);
      expect(res.error?.code, JSON.stringify(bad)).toBe("23514");
      expect(res.error?.message).toContain("blog_posts_image_size_check");
    }
    // A typed address has no known size.
    const typed = await staff
      .from("blog_posts")
      .update({ image_url: "/images/a.png", image_width: null, image_height: null })
      .eq("id", created.data!.id)
      .select("image_url, image_width, image_height")
      .single();
    expect(typed.error).toBeNull();
    expect(typed.data).toEqual({
      image_url: "/images/a.png",
      image_width: null,
      image_height: null,
    });

    const asUser = await user
      .from("blog_posts")
      .update({ image_width: 1, image_height: 1 })
      .eq("id", created.data!.id)
      .select();
    expect(asUser.data).toEqual([]);
    expect(await serviceGet("blog_posts", created.data!.id)).toMatchObject({ image_width: null });
  });

  it("a published post with a future date stays hidden until then", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const created = await staff
      .from("blog_posts")
      .insert(newPost({ status: "published", published_at: future }))
      .select("id")
      .single();
    expect(created.error).toBeNull();
    expect((await anon.from("blog_posts").select("id").eq("id", created.data!.id)).data).toEqual(
      [],
    );
    expect(
      (await staff.from("blog_posts").select("id").eq("id", created.data!.id)).data,
    ).toHaveLength(1);
  });

  it("only staff and the service role delete posts", async () => {
    const post = await serviceInsert<{ id: string }>(
      "blog_posts",
      newPost({ status: "published" }),
    );

    const asAnon = await anon.from("blog_posts").delete().eq("id", post.id);
    expect(asAnon.error?.code).toBe("42501");

    const asUser = await user.from("blog_posts").delete().eq("id", post.id);
    expect(asUser.error).toBeNull();
    expect(await serviceGet("blog_posts", post.id)).not.toBeNull();

    const asStaff = await staff.from("blog_posts").delete().eq("id", post.id);
    expect(asStaff.error).toBeNull();
    expect(await serviceGet("blog_posts", post.id)).toBeNull();

    const other = await serviceInsert<{ id: string }>("blog_posts", newPost());
    expect((await service.from("blog_posts").delete().eq("id", other.id)).error).toBeNull();
    expect(await serviceGet("blog_posts", other.id)).toBeNull();
  });
});

describe("blog_posts: linked translations", () => {
  type GroupedPost = { id: string; language: string; translation_group: string };

  /** A post and its translation, made by staff as the workspace makes them. */
  async function pair(original: Record<string, unknown>, translation: Record<string, unknown>) {
    const first = await staff.from("blog_posts").insert(newPost(original)).select().single();
    expect(first.error).toBeNull();
    const group = (first.data as GroupedPost).translation_group;
    const second = await staff
      .from("blog_posts")
      .insert(newPost({ ...translation, translation_group: group }))
      .select()
      .single();
    expect(second.error).toBeNull();
    return [first.data as GroupedPost, second.data as GroupedPost] as const;
  }

  it("every post starts a group of its own; staff join a group only when they insert a post", async () => {
    const a = await serviceInsert<GroupedPost>("blog_posts", newPost());
    const b = await serviceInsert<GroupedPost>("blog_posts", newPost());
    expect(a.translation_group).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.translation_group).not.toBe(b.translation_group);

    for (const c of [anon, user]) {
      const { error } = await c
        .from("blog_posts")
        .insert(newPost({ language: "fr", translation_group: a.translation_group }));
      expect(error?.code).toBe("42501");
    }
    const [original, translation] = await pair({ language: "en" }, { language: "fr" });
    expect(translation.translation_group).toBe(original.translation_group);

    // A link is never rewired by a client, staff included; the service role may.
    const moved = await staff
      .from("blog_posts")
      .update({ translation_group: b.translation_group })
      .eq("id", translation.id);
    expect(moved.error?.code).toBe("42501");
    expect(await serviceGet("blog_posts", translation.id)).toMatchObject({
      translation_group: original.translation_group,
    });
    const bySvc = await service
      .from("blog_posts")
      .update({ translation_group: b.translation_group })
      .eq("id", translation.id);
    expect(bySvc.error).toBeNull();
  });

  it("a group holds one post per language: a second post in a language is refused", async () => {
    const [original, translation] = await pair({ language: "en" }, { language: "fr" });
    for (const language of ["en", "fr"]) {
      const { error, status } = await staff
        .from("blog_posts")
        .insert(newPost({ language, translation_group: original.translation_group }));
      expect(error?.code, language).toBe("23505");
      expect(error?.message).toContain("blog_posts_translation_group_language_key");
      expect(status).toBe(409);
    }
    // Nor can a translation take its partner's language.
    const sameLanguage = await staff
      .from("blog_posts")
      .update({ language: "en" })
      .eq("id", translation.id);
    expect(sameLanguage.error?.code).toBe("23505");
    expect(await serviceGet("blog_posts", translation.id)).toMatchObject({ language: "fr" });
  });

  it("deleting one post of a pair leaves the other in its group, where a new translation joins it", async () => {
    const [original, translation] = await pair({ language: "en" }, { language: "fr" });
    expect((await staff.from("blog_posts").delete().eq("id", original.id)).error).toBeNull();
    expect(await serviceGet("blog_posts", translation.id)).toMatchObject({
      translation_group: original.translation_group,
    });
    const again = await staff
      .from("blog_posts")
      .insert(newPost({ language: "en", translation_group: original.translation_group }))
      .select("translation_group")
      .single();
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ translation_group: original.translation_group });
  });

  it("visitors and users never learn of an unpublished or scheduled translation", async () => {
    const [original, draft] = await pair(
      { language: "en", status: "published" },
      { language: "fr", status: "draft" },
    );
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const [other, scheduled] = await pair(
      { language: "fr", status: "published" },
      { language: "en", status: "published", published_at: future },
    );
    for (const c of [anon, user]) {
      for (const [published, hidden] of [
        [original, draft],
        [other, scheduled],
      ] as const) {
        const { data, error } = await c
          .from("blog_posts")
          .select("id")
          .eq("translation_group", published.translation_group);
        expect(error).toBeNull();
        expect(data).toEqual([{ id: published.id }]);
        expect((await c.from("blog_posts").select("id").eq("id", hidden.id)).data).toEqual([]);
      }
    }
    // Publishing the translation makes the pair visible, both ways.
    await staff.from("blog_posts").update({ status: "published" }).eq("id", draft.id);
    const { data } = await anon
      .from("blog_posts")
      .select("id")
      .eq("translation_group", original.translation_group);
    expect(data!.map((row) => row.id).sort()).toEqual([original.id, draft.id].sort());
  });
});

describe("storage: the post-images bucket", () => {
  // A 1x1 PNG.
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  );
  const png = (bytes: Buffer = PNG) => new Blob([new Uint8Array(bytes)], { type: "image/png" });
  const imageName = (label: string) => `posts/${label}-${randomUUID().slice(0, 8)}.png`;
  const images = (c: SupabaseClient) => c.storage.from("post-images");

  /** The image as any visitor's browser gets it: the public URL, no key, no session. */
  async function publicImage(name: string): Promise<{ status: number; bytes: Buffer }> {
    const response = await fetch(images(anon).getPublicUrl(name).data.publicUrl);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it("staff upload a PNG, and anyone reads it at its public URL", async () => {
    const name = imageName("cover");
    const { data, error } = await images(staff).upload(name, png());
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `post-images/${name}` });
    const response = await fetch(images(anon).getPublicUrl(name).data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it("visitors and non-staff users cannot upload, replace or delete an image", async () => {
    const name = imageName("kept");
    expect((await images(staff).upload(name, png())).error).toBeNull();
    const other = png(Buffer.concat([PNG, Buffer.from("changed")]));
    for (const c of [anon, user]) {
      const fresh = imageName("intruder");
      const upload = await images(c).upload(fresh, png());
      expect(upload.error).toMatchObject({ status: 400, statusCode: "403" });
      expect((await publicImage(fresh)).status).toBe(400);

      const upsert = await images(c).upload(name, other, { upsert: true });
      expect(upsert.error).toMatchObject({ statusCode: "403" });
      const update = await images(c).update(name, other);
      expect(update.error).toMatchObject({ statusCode: "403" });
      const removed = await images(c).remove([name]);
      expect(removed).toEqual({ data: [], error: null });

      expect(await publicImage(name)).toEqual({ status: 200, bytes: PNG });
    }
  });

  it("refuses a file over 5 MB and a type that is not an image, with Storage's errors", async () => {
    const tooBig = await images(staff).upload(
      imageName("big"),
      png(Buffer.alloc(5 * 1024 * 1024 + 1)),
    );
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: "413" });
    expect(tooBig.error!.message).toBe("The object exceeded the maximum allowed size");
    const fits = await images(staff).upload(imageName("fits"), png(Buffer.alloc(5 * 1024 * 1024)));
    expect(fits.error).toBeNull();

    for (const [body, type] of [
      [new Blob(["plain text"], { type: "text/plain" }), "text/plain"],
      [new Blob(["<svg/>"], { type: "image/svg+xml" }), "image/svg+xml"],
      [new Blob(["<p>hi</p>"], { type: "text/html" }), "text/html"],
    ] as const) {
      const { error } = await images(staff).upload(imageName("typed"), body);
      expect(error, type).toMatchObject({ status: 400, statusCode: "415" });
      expect(error!.message).toBe(`mime type ${type} is not supported`);
    }
  });

  it("staff list, download and remove images; visitors and users list nothing", async () => {
    const folder = `list-${randomUUID().slice(0, 8)}`;
    const names = [`${folder}/a.png`, `${folder}/b.png`];
    for (const name of names) expect((await images(staff).upload(name, png())).error).toBeNull();

    const listed = await images(staff).list(folder);
    expect(listed.error).toBeNull();
    expect(listed.data!.map((o) => o.name)).toEqual(["a.png", "b.png"]);
    expect(listed.data![0]!.metadata).toMatchObject({ mimetype: "image/png", size: PNG.length });
    for (const c of [anon, user]) {
      expect(await images(c).list(folder)).toEqual({ data: [], error: null });
    }

    const downloaded = await images(staff).download(names[0]!);
    expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(PNG);

    const removed = await images(staff).remove(names);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual(names);
    expect((await publicImage(names[0]!)).status).toBe(400);
    expect((await images(staff).list(folder)).data).toEqual([]);
  });

  it("staff and the service role read the bucket's settings; nobody else sees the bucket", async () => {
    for (const c of [staff, service]) {
      const { data, error } = await c.storage.getBucket("post-images");
      expect(error).toBeNull();
      expect(data).toMatchObject({
        id: "post-images",
        public: true,
        file_size_limit: 5242880,
        allowed_mime_types: ["image/jpeg", "image/png", "image/webp", "image/avif"],
      });
      const buckets = await c.storage.listBuckets();
      expect(buckets.data!.map((b) => b.id)).toEqual(["post-images"]);
    }
    for (const c of [anon, user]) {
      expect(await c.storage.listBuckets()).toEqual({ data: [], error: null });
      const { error } = await c.storage.getBucket("post-images");
      expect(error).toMatchObject({ statusCode: "404", message: "Bucket not found" });
    }
  });
});

describe("staff_profiles", () => {
  interface Profile {
    user_id: string;
    display_name: string;
    title: string | null;
    avatar_url: string | null;
  }

  async function userId(c: SupabaseClient): Promise<string> {
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    return data.user!.id;
  }

  async function profileOf(id: string): Promise<Profile | null> {
    const { data, error } = await service
      .from("staff_profiles")
      .select("user_id, display_name, title, avatar_url")
      .eq("user_id", id)
      .maybeSingle();
    expect(error).toBeNull();
    return data as Profile | null;
  }

  /** A second staff member, made through the Auth admin API as admin:create does. */
  async function colleague(): Promise<{ id: string; email: string }> {
    const email = `jean.dupont+${randomUUID().slice(0, 8)}@example.com`;
    const { data, error } = await service.auth.admin.createUser({
      email,
      password: "colleague-password-for-tests",
      email_confirm: true,
      app_metadata: { role: "admin" },
    });
    expect(error).toBeNull();
    return { id: data.user!.id, email };
  }

  it("every staff account has a profile named after its e-mail; other users have none", async () => {
    // The local stack's staff account (seedAdmin), made after the migrations ran.
    expect(await profileOf(await userId(staff))).toMatchObject({
      display_name: "Staff",
      title: null,
      avatar_url: null,
    });
    // Created with the role: "jean.dupont+tag@..." signs as "Jean Dupont".
    const created = await colleague();
    expect((await profileOf(created.id))?.display_name).toBe("Jean Dupont");
    // A signed-in user who is not staff.
    expect(await profileOf(await userId(user))).toBeNull();

    // Promoted later, by admin:create: the profile comes with the role, and --name names it.
    const email = uniqueEmail("promoted");
    const plain = await service.auth.admin.createUser({
      email,
      password: "promoted-password-for-tests",
      email_confirm: true,
    });
    expect(plain.error).toBeNull();
    expect(await profileOf(plain.data.user!.id)).toBeNull();
    await adminCreate({ url: stack.url, secretKey: stack.secretKey, email });
    expect((await profileOf(plain.data.user!.id))?.display_name).toMatch(/^Promoted [0-9a-f]{8}$/i);
    await adminCreate({
      url: stack.url,
      secretKey: stack.secretKey,
      email,
      name: " Grace Hopper ",
    });
    expect((await profileOf(plain.data.user!.id))?.display_name).toBe("Grace Hopper");

    // A name from any e-mail passes the profile's checks.
    const { rows } = await stack.db.query<{ name: string }>(
      `select private.display_name_from_email(address) as name
         from unnest(array['o''brien@example.com', '+tag@example.com', '...@example.com',
                           'ADA_LOVELACE@example.com', null]) as address`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      "O'Brien",
      "Staff member",
      "Staff member",
      "Ada Lovelace",
      "Staff member",
    ]);
  });

  it("visitors and non-staff users can neither read nor write profiles", async () => {
    const staffId = await userId(staff);
    const userOwnId = await userId(user);

    const anonRead = await anon.from("staff_profiles").select("*");
    expect(anonRead.error?.code).toBe("42501");
    expect(anonRead.status).toBe(401);
    const anonInsert = await anon
      .from("staff_profiles")
      .insert({ user_id: staffId, display_name: "Hacked" });
    expect(anonInsert.error?.code).toBe("42501");
    const anonUpdate = await anon
      .from("staff_profiles")
      .update({ display_name: "Hacked" })
      .eq("user_id", staffId);
    expect(anonUpdate.error?.code).toBe("42501");

    const userRead = await user.from("staff_profiles").select("*");
    expect(userRead.error).toBeNull();
    expect(userRead.data).toEqual([]);
    // Not even a profile of their own: they are not staff (user_metadata.role grants nothing).
    const userInsert = await user
      .from("staff_profiles")
      .insert({ user_id: userOwnId, display_name: "Member" });
    expect(userInsert.error?.code).toBe("42501");
    expect(userInsert.status).toBe(403);
    const userUpdate = await user
      .from("staff_profiles")
      .update({ display_name: "Hacked" })
      .eq("user_id", staffId)
      .select();
    expect(userUpdate.error).toBeNull();
    expect(userUpdate.data).toEqual([]);
    for (const c of [anon, user]) {
      const del = await c.from("staff_profiles").delete().eq("user_id", staffId);
      expect(del.error?.code).toBe("42501");
    }

    expect(await profileOf(staffId)).toMatchObject({ display_name: "Staff" });
    expect(await profileOf(userOwnId)).toBeNull();
  });

  it("staff read every profile and write only their own", async () => {
    const staffId = await userId(staff);
    const other = await colleague();

    const all = await staff.from("staff_profiles").select("user_id, display_name");
    expect(all.error).toBeNull();
    expect(all.data!.map((row) => row.user_id)).toEqual(
      expect.arrayContaining([staffId, other.id]),
    );

    const own = await staff
      .from("staff_profiles")
      .update({
        display_name: "Ada Lovelace",
        title: "Head of Growth",
        avatar_url: "/images/a.png",
      })
      .eq("user_id", staffId)
      .select("display_name, title, avatar_url, created_at, updated_at")
      .single();
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({ display_name: "Ada Lovelace", title: "Head of Growth" });
    expect(new Date(own.data!.updated_at).getTime()).toBeGreaterThan(
      new Date(own.data!.created_at).getTime(),
    );

    // A colleague's profile is out of reach: no row changes, and none can be made for them.
    const theirs = await staff
      .from("staff_profiles")
      .update({ display_name: "Hacked" })
      .eq("user_id", other.id)
      .select();
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
    expect((await profileOf(other.id))?.display_name).toBe("Jean Dupont");
    await service.from("staff_profiles").delete().eq("user_id", other.id);
    const forThem = await staff
      .from("staff_profiles")
      .insert({ user_id: other.id, display_name: "Hacked" });
    expect(forThem.error?.code).toBe("42501");
    expect(await profileOf(other.id)).toBeNull();

    // Their own, once it is gone: made again through the API (the profile form does this).
    await service.from("staff_profiles").delete().eq("user_id", staffId);
    const mine = await staff
      .from("staff_profiles")
      .insert({ user_id: staffId, display_name: "Staff" })
      .select("display_name")
      .single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ display_name: "Staff" });

    // Nor the key, the dates or a delete: the database keeps those.
    const moveKey = await staff
      .from("staff_profiles")
      .update({ user_id: other.id })
      .eq("user_id", staffId);
    expect(moveKey.error?.code).toBe("42501");
    const dates = await staff
      .from("staff_profiles")
      .update({ created_at: "2020-01-01T00:00:00Z" })
      .eq("user_id", staffId);
    expect(dates.error?.code).toBe("42501");
    const del = await staff.from("staff_profiles").delete().eq("user_id", staffId);
    expect(del.error?.code).toBe("42501");
    expect(await profileOf(staffId)).toMatchObject({ display_name: "Staff" });
  });

  it("refuses e-mail addresses, other lines and script links in a profile", async () => {
    const staffId = await userId(staff);
    for (const bad of [
      { display_name: "staff@appgrove.test" },
      { display_name: "@staff" },
      { display_name: "" },
      { display_name: " Padded " },
      { display_name: "Two\nlines" },
      { display_name: "x".repeat(101) },
      { title: "" },
      { title: "Head\tof growth" },
      { avatar_url: "javascript:alert(1)" },
      { avatar_url: "data:image/png;base64,AAAA" },
      { avatar_url: "//evil.example/a.png" },
    ]) {
      const res = await staff.from("staff_profiles").update(bad).eq("user_id", staffId);
      expect(res.error?.code, JSON.stringify(bad)).toBe("23514");
      expect(res.status).toBe(400);
    }
    expect(await profileOf(staffId)).toMatchObject({ display_name: "Staff" });
  });
});

describe("bylines", () => {
  it("a post's author can never be an e-mail address", async () => {
    for (const c of [staff, service]) {
      for (const author of [ADMIN_EMAIL, "Staff <staff@appgrove.test>", "admin@localhost"]) {
        const res = await c.from("blog_posts").insert(newPost({ author }));
        expect(res.error?.code, author).toBe("23514");
        expect(res.error?.message).toContain("blog_posts_author_not_email_check");
      }
    }
    const post = await serviceInsert<{ id: string }>(
      "blog_posts",
      newPost({ author: "Staff @ Growth" }),
    );
    const update = await staff.from("blog_posts").update({ author: ADMIN_EMAIL }).eq("id", post.id);
    expect(update.error?.code).toBe("23514");
    expect(await serviceGet("blog_posts", post.id)).toMatchObject({ author: "Staff @ Growth" });
  });

  it("the migration turned e-mail bylines into the staff member's name, or the team's", async () => {
    // Posts stored before the rule, made with the check set aside in a transaction that is
    // rolled back, then the migration's own rewrite.
    const slug = `test-post-${randomUUID().slice(0, 8)}`;
    const authors = [
      ADMIN_EMAIL.toUpperCase(),
      `Staff <${ADMIN_EMAIL}>`,
      "someone.else@example.com",
      "Growth Team",
      "@agency",
      null,
    ];
    // The team's byline of that migration: applied history, not site.name (a rename leaves it).
    const migrationTeamByline = "Appgrove Team";
    const rewritten = await stack.db
      .transaction({}, async (tx) => {
        await tx.exec(
          "alter table public.blog_posts drop constraint blog_posts_author_not_email_check",
        );
        for (const [index, author] of authors.entries()) {
          await tx.query(
            `insert into public.blog_posts (title, slug, language, status, author)
             values ($1, $2, 'en', 'published', $3)`,
            [`Old post ${index}`, `${slug}-${index}`, author],
          );
        }
        const changed = await tx.query<{ changed: number }>(
          "select private.rewrite_email_bylines() as changed",
        );
        const { rows } = await tx.query<{ author: string | null }>(
          `select author from public.blog_posts where slug like $1 order by slug`,
          [`${slug}-%`],
        );
        throw Object.assign(new Error("rollback"), {
          result: { changed: changed.rows[0]!.changed, authors: rows.map((row) => row.author) },
        });
      })
      .catch((error: Error & { result?: unknown }) => {
        if (error.message !== "rollback") throw error;
        return error.result;
      });
    expect(rewritten).toEqual({
      changed: 3,
      authors: ["Staff", "Staff", migrationTeamByline, "Growth Team", "@agency", null],
    });
    // Rolled back: the check is in place again.
    const again = await service.from("blog_posts").insert(newPost({ author: ADMIN_EMAIL }));
    expect(again.error?.code).toBe("23514");
  });
});

describe("send-lead-notification through the stack", () => {
  interface OutboxMail {
    to: string[];
    subject: string;
    html: string;
    replyTo?: string;
    idempotencyKey?: string;
    repeats?: number;
  }

  async function outbox(): Promise<OutboxMail[]> {
    const res = await fetch(`${stack.url}/__local/outbox`, {
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as OutboxMail[];
  }

  /** What Supabase Cron does on hosted: the function with the secret key and an empty body. */
  async function scheduledRun() {
    const res = await fetch(`${stack.url}/functions/v1/send-lead-notification`, {
      method: "POST",
      headers: { apikey: stack.secretKey, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { decided: number; sent: number; failed: number };
  }

  beforeAll(async () => {
    // Each lead here gets an e-mail of its own, and the leads other tests stored are sent
    // first, so every run below counts only this describe's leads.
    const { error } = await service
      .from("intake_limits")
      .update({ max_count: 100_000 })
      .eq("name", "lead_emails_before_digest");
    expect(error).toBeNull();
    await scheduledRun();
  });

  /** The e-mail the database wrote down for a lead. */
  const emailIdOf = async (email: string) =>
    (await service.from("leads").select("notification_email_id").eq("email", email).single()).data!
      .notification_email_id as string;

  const notifiedAt = async (email: string) =>
    (await service.from("leads").select("notified_at").eq("email", email).single()).data
      ?.notified_at;

  it("e-mails the agency once about a fresh lead, with escaped content", async () => {
    const before = (await outbox()).length;
    const lead = newLead({ name: "<script>alert(1)</script> Ada", source: "homepage" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();

    const body = {
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      message: lead.message,
      source: lead.source,
    };
    const { data, error } = await anon.functions.invoke("send-lead-notification", { body });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });

    // Sent after the answer.
    await expect.poll(() => notifiedAt(lead.email as string)).not.toBeNull();
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([process.env.LEAD_NOTIFICATION_TO]);
    expect(mails[0]!.html).not.toContain("<script>");
    expect(mails[0]!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ada");

    // The same answer again; nothing more is owed, so nothing more is sent.
    const again = await anon.functions.invoke("send-lead-notification", { body });
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ ok: true });
    expect(await scheduledRun()).toEqual({ decided: 0, sent: 0, failed: 0 });
    expect((await outbox()).length).toBe(before + 1);
  });

  it("answers an unknown lead as any other, and refuses invalid bodies", async () => {
    const before = (await outbox()).length;
    const unknown = await anon.functions.invoke("send-lead-notification", {
      body: { name: "Nobody", email: uniqueEmail("ghost"), source: "contact" },
    });
    expect(unknown.error).toBeNull();
    expect(unknown.data).toEqual({ ok: true });

    const invalid = await anon.functions.invoke("send-lead-notification", {
      body: { source: "contact" },
    });
    expect(invalid.error).toBeInstanceOf(FunctionsHttpError);
    expect((invalid.error as FunctionsHttpError).context.status).toBe(400);

    expect(await scheduledRun()).toEqual({ decided: 0, sent: 0, failed: 0 });
    expect((await outbox()).length).toBe(before);
  });

  it("e-mails a lead whose visitor never called, on the next scheduled run", async () => {
    const before = (await outbox()).length;
    const lead = newLead({ name: "Closed The Tab" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();
    const pending = await service
      .from("leads")
      .select("notification, notification_email_id")
      .eq("email", lead.email as string)
      .single();
    expect(pending.data).toEqual({ notification: "pending", notification_email_id: null });

    expect(await scheduledRun()).toEqual({ decided: 1, sent: 1, failed: 0 });
    const mails = (await outbox()).slice(before);
    expect(mails.map((mail) => mail.replyTo)).toEqual([lead.email]);
    expect(await notifiedAt(lead.email as string)).not.toBeNull();
  });

  it("mails nobody twice after a crash between sending and recording: the retry carries the same key", async () => {
    const lead = newLead({ name: "Crash Between" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();
    expect(await scheduledRun()).toEqual({ decided: 1, sent: 1, failed: 0 });
    const emailId = await emailIdOf(lead.email as string);
    // As the database stands when the function died after Resend accepted the e-mail and
    // before it recorded it: unsent, its lease run out.
    const unrecorded = await service
      .from("lead_emails")
      .update({ sent_at: null, leased_until: null, next_attempt_at: new Date(0).toISOString() })
      .eq("id", emailId);
    expect(unrecorded.error).toBeNull();
    expect(
      (
        await service
          .from("leads")
          .update({ notified_at: null })
          .eq("email", lead.email as string)
      ).error,
    ).toBeNull();

    expect(await scheduledRun()).toEqual({ decided: 0, sent: 1, failed: 0 });
    const mails = (await outbox()).filter((mail) => mail.replyTo === lead.email);
    expect(mails).toEqual([
      expect.objectContaining({ idempotencyKey: `lead-email/${emailId}`, repeats: 1 }),
    ]);
    expect(await notifiedAt(lead.email as string)).not.toBeNull();
  });

  it("keeps delivery states for staff only, and the sending functions for the service role", async () => {
    const lead = newLead({ name: "Delivery State" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();
    await scheduledRun();
    const emailId = await emailIdOf(lead.email as string);

    const staffRead = await staff.from("lead_emails").select("id, kind, sent_at").eq("id", emailId);
    expect(staffRead.error).toBeNull();
    expect(staffRead.data).toEqual([{ id: emailId, kind: "lead", sent_at: expect.any(String) }]);
    for (const reader of [anon, user]) {
      const read = await reader.from("lead_emails").select("id").eq("id", emailId);
      expect(read.data ?? []).toEqual([]);
    }
    for (const writer of [anon, user, staff]) {
      const insert = await writer.from("lead_emails").insert({ kind: "lead" });
      expect(insert.error?.code).toBe("42501");
      const update = await writer
        .from("lead_emails")
        .update({ sent_at: null })
        .eq("id", emailId)
        .select("id");
      expect(update.error?.code ?? (update.data?.length === 0 ? "none" : "updated")).not.toBe(
        "updated",
      );
    }
    for (const caller of [anon, user, staff]) {
      for (const [name, args] of [
        ["prepare_lead_notifications", {}],
        ["decide_lead_notification", { lead_id: randomUUID() }],
        ["claim_lead_emails", {}],
        ["record_lead_email", { email_id: emailId }],
      ] as const) {
        const { error } = await caller.rpc(name, args);
        expect(error?.code, `${name}`).toBe("42501");
      }
    }

    const health = await staff.rpc("lead_notification_health");
    expect(health.error).toBeNull();
    expect(health.data).toEqual([
      expect.objectContaining({ waiting: expect.any(Number), last_error: null }),
    ]);
    const anonHealth = await anon.rpc("lead_notification_health");
    expect(anonHealth.error?.code).toBe("42501");
    const userHealth = await user.rpc("lead_notification_health");
    expect(userHealth.data).toEqual([
      { waiting: 0, oldest_waiting_since: null, last_error: null, last_failed_at: null },
    ]);
  });
});
