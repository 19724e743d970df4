// Webhooks that only touch the site's own e-mails, and bodies that are never read whole.
// Resend's events (resend-events, signed the Svix way) suppress a subscriber only for an e-mail
// the site sent them: a correctly signed bounce for an id the site never sent, or for a real
// send's id but another address, changes nothing (record_newsletter_event). And every function
// refuses an 8 MB body with 413 before reading it (supabase/functions/_shared/request-body.ts),
// with a Content-Length or streamed without one.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import {
  client,
  postResendWebhook,
  readOutbox,
  type TestStack,
} from "../../local/__tests__/helpers.ts";
import { BACKEND, ms, runMarker, startProjectStack, suiteFigures } from "./support.ts";

const EDITOR = { email: "editor@appgrove.test", password: "editor-password-for-webhook-tests" };
const OVERSIZED_BYTES = 8 * 1024 * 1024;

const { figures, figure } = suiteFigures("input");
const saved = { ...process.env };
let stack: TestStack;
let editor: SupabaseClient;

const webhook = (event: Record<string, unknown>) => postResendWebhook(stack, event);

async function subscriberStatus(email: string) {
  const { data } = await stack.service
    .from("newsletter_subscribers")
    .select("status")
    .eq("email", email)
    .single();
  return data?.status as string | undefined;
}

async function recipientDelivery(email: string) {
  const { data } = await stack.service
    .from("newsletter_recipients")
    .select("delivery, provider_id")
    .eq("email", email)
    .single();
  return data as { delivery: string; provider_id: string | null };
}

/** A newsletter sent to `addresses` through the real send path; each address's Resend id. */
async function sentNewsletter(addresses: string[]): Promise<Map<string, string>> {
  const inserted = await stack.service.from("newsletter_subscribers").insert(
    addresses.map((email) => ({
      email,
      language: "en",
      status: "confirmed",
      confirmed_at: new Date().toISOString(),
    })),
  );
  expect(inserted.error).toBeNull();
  const slug = runMarker("letter");
  const post = await stack.service
    .from("blog_posts")
    .insert({
      title: `Letter ${slug}`,
      slug,
      language: "en",
      status: "published",
      excerpt: "This month.",
      content: "<p>Hello.</p>",
    })
    .select("id")
    .single();
  expect(post.error).toBeNull();
  const scheduled = await editor.rpc("schedule_newsletter_send", {
    post_id: post.data!.id,
    subject: `Letter ${slug}`,
    preheader: "This month.",
  });
  expect(scheduled.error).toBeNull();
  const run = await fetch(`${stack.url}/functions/v1/send-newsletter`, {
    method: "POST",
    headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` },
  });
  expect(run.status).toBe(200);
  const ids = new Map<string, string>();
  for (const mail of await readOutbox(stack, "?function=send-newsletter")) {
    const [to] = mail.to;
    if (to && addresses.includes(to)) ids.set(to, String(mail.id));
  }
  for (const address of addresses) {
    expect((await recipientDelivery(address)).provider_id).toBe(ids.get(address));
  }
  return ids;
}

beforeAll(async () => {
  process.env.NEWSLETTER_RUN_SECONDS = "5";
  stack = await startProjectStack();
  const created = await stack.service.auth.admin.createUser({ ...EDITOR, email_confirm: true });
  if (created.error) throw created.error;
  const joined = await stack.service.from("staff_members").insert({
    user_id: created.data.user.id,
    role: "editor",
    joined_at: new Date().toISOString(),
  });
  if (joined.error) throw joined.error;
  editor = client(stack.url, stack.publishableKey);
  const signedIn = await editor.auth.signInWithPassword(EDITOR);
  if (signedIn.error) throw signedIn.error;
});

afterAll(async () => {
  recordFigures("webhooks", BACKEND, figures);
  await stack?.close();
  process.env = saved;
});

describe("Resend's signed events", () => {
  it("suppress a subscriber only for an e-mail the site sent them", async () => {
    const marker = runMarker("bounce");
    const [reader, other] = [`${marker}-reader@example.com`, `${marker}-other@example.com`];
    const ids = await sentNewsletter([reader, other]);

    // Signed, but for an e-mail the site never sent (an id of its own, or none).
    expect(await webhook({ type: "email.bounced", to: [reader], email_id: randomUUID() })).toBe(
      200,
    );
    expect(await webhook({ type: "email.complained", to: [reader] })).toBe(200);
    // Signed, for a real send's id, but naming another address than its recipient's.
    expect(await webhook({ type: "email.bounced", to: [reader], email_id: ids.get(other)! })).toBe(
      200,
    );
    expect(await subscriberStatus(reader)).toBe("confirmed");
    expect(await subscriberStatus(other)).toBe("confirmed");
    expect((await recipientDelivery(reader)).delivery).toBe("sent");
    expect((await recipientDelivery(other)).delivery).toBe("sent");
    figure("signed bounces for another id or another address", "0 of 3 changed anything", true);

    // The real one: the recipient and their subscription are suppressed.
    expect(await webhook({ type: "email.bounced", to: [reader], email_id: ids.get(reader)! })).toBe(
      200,
    );
    expect(await subscriberStatus(reader)).toBe("bounced");
    expect((await recipientDelivery(reader)).delivery).toBe("bounced");
    expect(await subscriberStatus(other)).toBe("confirmed");
    figure("a signed bounce for the site's own e-mail", "suppressed its recipient only", true);
  });
});

/** Where each function reads its body, and the key it would want (413 comes first). */
const FUNCTIONS: [string, string][] = [
  ["resend-events", "resend-events"],
  ["send-lead-notification", "send-lead-notification"],
  ["newsletter", "newsletter/confirmation"],
  ["staff-team", "staff-team"],
  ["refresh-site", "refresh-site"],
  ["send-newsletter", "send-newsletter/preview"],
];

async function oversizedPost(path: string, streamed: boolean) {
  const bytes = new Uint8Array(OVERSIZED_BYTES).fill(0x7b);
  const body = streamed
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) {
            controller.enqueue(bytes.subarray(at, at + 64 * 1024));
          }
          controller.close();
        },
      })
    : bytes;
  const started = performance.now();
  const response = await fetch(`${stack.url}/functions/v1/${path}`, {
    method: "POST",
    headers: { apikey: stack.publishableKey, "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, text, elapsed: performance.now() - started };
}

describe("an 8 MB body", () => {
  it.each(FUNCTIONS)("is refused with 413 by %s before it is read", async (name, path) => {
    // The first call starts the function's Deno process: not what is measured.
    await fetch(`${stack.url}/functions/v1/${path}`, { method: "OPTIONS" });
    const declared = await oversizedPost(path, false);
    expect(declared.status).toBe(413);
    expect(declared.text).toMatch(/at most \d+ bytes/);
    figure(`${name}: 8 MB body with its Content-Length`, `413 in ${ms(declared.elapsed)}`, true);
  });

  it("is cut off with 413 as it streams in when it declares no length", async () => {
    const streamed = await oversizedPost("resend-events", true);
    expect(streamed.status).toBe(413);
    figure(
      "resend-events: 8 MB body streamed without a length",
      `413 in ${ms(streamed.elapsed)}`,
      true,
    );
  });
});
