// Every function runs under real Deno, as on hosted Supabase: one process per function with
// narrow permissions, started on its first call and reused, replaced when a file changes, its
// start-up failures reported with Deno's own words; and mail goes through the stack's stand-in
// for Resend's API. Stopping the processes is functions-lifecycle.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCAL_RESEND_KEY_PREFIX } from "../src/config.ts";
import { FIXTURES, startTestStack, type TestStack } from "./helpers.ts";

const DENO_VERSION = (createRequire(import.meta.url)("deno/package.json") as { version: string })
  .version;

let stack: TestStack;
let functionsDir: string;

/** A call as supabase-js makes it with the legacy anon key (a JWT, so verify_jwt lets it in). */
const call = (pathAndQuery: string, init: RequestInit = {}) =>
  fetch(`${stack.url}/functions/v1/${pathAndQuery}`, {
    method: "POST",
    ...init,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, ...init.headers },
  });

/** Writes a function's index.ts with a modification time clearly after the previous one. */
function writeFunction(name: string, source: string, secondsAhead = 0) {
  const directory = path.join(functionsDir, name);
  fs.mkdirSync(directory, { recursive: true });
  const file = path.join(directory, "index.ts");
  fs.writeFileSync(file, source);
  const when = new Date(Date.now() + secondsAhead * 1000);
  fs.utimesSync(file, when, when);
}

beforeAll(async () => {
  delete process.env.RESEND_API_KEY;
  functionsDir = fs.mkdtempSync(path.join(os.tmpdir(), "stack-deno-functions-"));
  fs.cpSync(path.join(FIXTURES, "functions"), functionsDir, { recursive: true });
  stack = await startTestStack({ functionsDir });
});

afterAll(async () => {
  await stack?.close();
  fs.rmSync(functionsDir, { recursive: true, force: true });
});

describe("functions under Deno", () => {
  it("answers from Deno, at the path hosted Supabase gives it, with narrow permissions", async () => {
    const response = await call("runtime/sub/path?x=1", { body: "raw body" });
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({
      deno: DENO_VERSION,
      path: "/runtime/sub/path?x=1",
      method: "POST",
      body: "raw body",
    });
    expect(answer.permissions).toEqual({
      net: "granted",
      env: "granted",
      readFunctions: "granted",
      readRoot: "prompt",
      write: "prompt",
      run: "prompt",
      ffi: "prompt",
    });
  });

  it("starts one process per function and reuses it", async () => {
    const pids = new Set<number>();
    for (let index = 0; index < 3; index++) pids.add((await (await call("runtime")).json()).pid);
    expect(pids.size).toBe(1);
    writeFunction("other", `Deno.serve(() => Response.json({ pid: Deno.pid }));`);
    const other = await (await call("other")).json();
    expect(pids.has(other.pid)).toBe(false);
  });

  it("streams the answer as the function writes it", async () => {
    const response = await call("runtime/stream", { method: "GET" });
    expect(response.headers.get("content-type")).toBe("text/plain");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += decoder.decode(chunk.value);
    }
    expect(first).toBe("chunk 0\n");
    expect(rest).toBe("chunk 1\nchunk 2\n");
  });

  it("replaces the process when a file under the functions directory changes", async () => {
    writeFunction("reload", `Deno.serve(() => new Response("first"));`);
    expect(await (await call("reload")).text()).toBe("first");
    writeFunction("reload", `Deno.serve(() => new Response("second"));`, 5);
    expect(await (await call("reload")).text()).toBe("second");
  });

  it("answers 502 with Deno's stderr when a function cannot start", async () => {
    writeFunction("broken", `throw new Error("broken on purpose");\n`);
    const response = await call("broken");
    expect(response.status).toBe(502);
    const answer = await response.json();
    expect(answer).toMatchObject({ code: "BOOT_ERROR", message: "broken exited with code 1" });
    expect(answer.stderr).toContain("broken on purpose");
  });
});

describe("EdgeRuntime.waitUntil, as hosted Supabase's edge runtime has it", () => {
  const outboxSubjects = async () => {
    const outbox = await fetch(`${stack.url}/__local/outbox`, {
      headers: { apikey: stack.secretKey },
    });
    return ((await outbox.json()) as { subject: string }[]).map((mail) => mail.subject);
  };
  const background = (order: { subject: string; delayMs: number; fail?: boolean }) =>
    call("background", { body: JSON.stringify(order) });

  it("answers before the background task ends, and the task then completes", async () => {
    const subject = `background ${crypto.randomUUID()}`;
    const response = await background({ subject, delayMs: 1_000 });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ accepted: subject });
    expect(await outboxSubjects()).not.toContain(subject);
    await expect.poll(outboxSubjects, { timeout: 10_000, interval: 100 }).toContain(subject);
  });

  it("logs a failed background task, and the function goes on serving", async () => {
    const logged = vi.spyOn(console, "error");
    try {
      const subject = `failing ${crypto.randomUUID()}`;
      const failing = await background({ subject, delayMs: 0, fail: true });
      const { pid } = await failing.json();
      await expect
        .poll(() => logged.mock.calls.flat().join("\n"), { timeout: 10_000, interval: 100 })
        .toContain(`background task failed on purpose: ${subject}`);
      const after = await background({ subject: `after ${subject}`, delayMs: 0 });
      expect((await after.json()).pid).toBe(pid);
    } finally {
      logged.mockRestore();
    }
  });
});

describe("the local Resend endpoint", () => {
  const send = (
    body: unknown,
    key: string | null = `${LOCAL_RESEND_KEY_PREFIX}echo`,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${stack.url}/__local/resend/emails`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const outbox = async () =>
    (await (
      await fetch(`${stack.url}/__local/outbox`, { headers: { apikey: stack.secretKey } })
    ).json()) as { id: number; idempotencyKey?: string; repeats?: number }[];
  const mail = {
    from: "Site <site@appgrove.local>",
    to: "agency@appgrove.local",
    subject: "Hello",
    html: "<p>Hi</p>",
    text: "Hi",
    reply_to: ["visitor@example.com"],
    headers: { "X-Entity-Ref-ID": "42" },
  };

  it("files a message sent with a function's local key under that function", async () => {
    const response = await send(mail);
    expect(response.status).toBe(200);
    const { id } = await response.json();
    const outbox = await fetch(`${stack.url}/__local/outbox`, {
      headers: { apikey: stack.secretKey },
    });
    const entry = ((await outbox.json()) as { id: number }[]).find((item) => `${item.id}` === id);
    expect(entry).toEqual({
      id: Number(id),
      function: "echo",
      sentAt: expect.any(String),
      // This test sends from Node; a function's mail names Deno.
      sentBy: "node",
      from: "Site <site@appgrove.local>",
      to: ["agency@appgrove.local"],
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
      replyTo: "visitor@example.com",
      headers: { "X-Entity-Ref-ID": "42" },
    });
  });

  it("answers a missing or unknown key, and a bad message, as Resend does", async () => {
    const refusals: [Response, number, string][] = [
      [await send(mail, null), 401, "missing_api_key"],
      [await send(mail, "re_123456_abcdefghijklmnop"), 403, "invalid_api_key"],
      [await send(mail, `${LOCAL_RESEND_KEY_PREFIX}nope`), 403, "invalid_api_key"],
      [await send({ ...mail, subject: undefined }), 422, "missing_required_field"],
      [await send({ ...mail, html: undefined, text: undefined }), 422, "missing_required_field"],
      [await send({ ...mail, to: [] }), 422, "validation_error"],
      [await send({ ...mail, from: 42 }), 422, "validation_error"],
      [await send({ ...mail, headers: { a: 1 } }), 422, "validation_error"],
      [await send("{not json"), 422, "validation_error"],
    ];
    for (const [response, status, name] of refusals) {
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ statusCode: status, name });
    }
  });

  it("answers a repeated Idempotency-Key as Resend does: the first message, no second delivery", async () => {
    const key = `lead-email/${crypto.randomUUID()}`;
    const first = await send(mail, undefined, { "Idempotency-Key": key });
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    const again = await send(mail, undefined, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id });
    const filed = (await outbox()).filter((entry) => entry.idempotencyKey === key);
    expect(filed).toEqual([expect.objectContaining({ id: Number(id), repeats: 1 })]);

    const other = await send({ ...mail, subject: "Another" }, undefined, {
      "Idempotency-Key": key,
    });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({
      statusCode: 409,
      name: "invalid_idempotent_request",
    });
    const tooLong = await send(mail, undefined, { "Idempotency-Key": "k".repeat(257) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ name: "invalid_idempotency_key" });
    expect((await outbox()).filter((entry) => entry.idempotencyKey === key)).toHaveLength(1);
  });

  it("plays a provider outage for the service role only", async () => {
    const outage = (method: string, apikey: string, body?: unknown) =>
      fetch(`${stack.url}/__local/resend/outage`, {
        method,
        headers: { apikey, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await outage("PUT", stack.publishableKey, { status: 500 })).status).toBe(401);
    expect((await outage("PUT", stack.secretKey, { status: 200 })).status).toBe(400);
    expect((await outage("PUT", stack.secretKey, { status: 503 })).status).toBe(204);
    try {
      const refused = await send(mail);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ statusCode: 503 });
    } finally {
      expect((await outage("DELETE", stack.secretKey)).status).toBe(204);
    }
    expect((await send(mail)).status).toBe(200);
  });
});
