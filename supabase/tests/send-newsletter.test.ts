// The send-newsletter function under the local stack (real Deno, the real migrations, the
// Resend stand-in): a scheduled send reaches exactly the confirmed subscribers of the post's
// language, once, with working one-click unsubscribe headers, across a provider that loses its
// answers; staff preview the e-mail and send a test to themselves. resend-events: a signed
// bounce for an e-mail the send recorded suppresses its recipient, an unsigned or wrongly signed
// event changes nothing (other ids and addresses: hardening/webhooks.test.ts).
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import {
  postResendWebhook,
  readOutbox,
  startTestStack,
  type TestStack,
} from "../local/__tests__/helpers.ts";
import { DEFAULT_FUNCTIONS_DIR, DEFAULT_MIGRATIONS_DIR } from "../local/src/config.ts";
import type { OutboxEntry } from "../local/src/outbox.ts";
import type { Enums } from "../../shared/database.types.ts";

const PASSWORD = "member-password-for-tests";

let stack: TestStack;
let editor: SupabaseClient;
let sales: SupabaseClient;
let editorEmail = "";
const saved = { ...process.env };

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

async function member(role: Enums<"staff_role">, email = uniqueEmail(role)) {
  const created = await stack.service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const joined = await stack.service
    .from("staff_members")
    .insert({ user_id: created.data.user.id, role, joined_at: new Date().toISOString() });
  if (joined.error) throw joined.error;
  const c = createNodeClient(stack.url, stack.publishableKey);
  const signedIn = await c.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  return c;
}

async function subscribers(
  count: number,
  status: Enums<"newsletter_status">,
  language: Enums<"site_language">,
) {
  const rows = Array.from({ length: count }, () => ({
    email: uniqueEmail(`${status}-${language}`),
    language,
    status,
  }));
  const { error } = await stack.service.from("newsletter_subscribers").insert(rows);
  expect(error).toBeNull();
  return rows.map((row) => row.email);
}

async function publishedPost(language: Enums<"site_language">) {
  const slug = `news-${randomUUID().slice(0, 8)}`;
  const { data, error } = await stack.service
    .from("blog_posts")
    .insert({
      title: `Post ${slug}`,
      slug,
      language,
      status: "published",
      excerpt: "What changed this month.",
      content: '<p>Hello <a href="/blog">all posts</a></p><script>alert(1)</script>',
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  return { id: data!.id as string, slug };
}

async function schedule(postId: string, subject: string) {
  const { error } = await editor.rpc("schedule_newsletter_send", {
    post_id: postId,
    subject,
    preheader: "The preheader",
  });
  expect(error).toBeNull();
}

/** A scheduled run, as Supabase Cron calls it: the secret key. */
async function scheduledRun(): Promise<{ status: number; batches?: number; emails?: number }> {
  const response = await fetch(`${stack.url}/functions/v1/send-newsletter`, {
    method: "POST",
    headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` },
  });
  return { status: response.status, ...((await response.json()) as object) };
}

const sentWith = async (subject: string): Promise<OutboxEntry[]> =>
  (await readOutbox(stack, "?function=send-newsletter")).filter((mail) => mail.subject === subject);

async function faults(method: "PUT" | "DELETE", body?: unknown) {
  const response = await fetch(`${stack.url}/__local/resend/faults`, {
    method,
    headers: { apikey: stack.secretKey, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(204);
}

async function subscriberStatus(email: string) {
  const { data } = await stack.service
    .from("newsletter_subscribers")
    .select("status")
    .eq("email", email)
    .single();
  return data?.status as string | undefined;
}

beforeAll(async () => {
  // Fast runs for the tests: many requests a second, a short run.
  process.env.NEWSLETTER_REQUESTS_PER_SECOND = "20";
  process.env.NEWSLETTER_RUN_SECONDS = "5";
  delete process.env.RESEND_API_KEY;
  stack = await startTestStack({
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    functionsDir: DEFAULT_FUNCTIONS_DIR,
  });
  editorEmail = uniqueEmail("editor");
  editor = await member("editor", editorEmail);
  sales = await member("sales");
});

afterAll(async () => {
  await stack?.close();
  process.env = saved;
});

describe("a scheduled send", () => {
  it("reaches each confirmed subscriber of the post's language once, with one-click unsubscribe", async () => {
    const confirmed = await subscribers(3, "confirmed", "fr");
    const others = [
      ...(await subscribers(1, "pending", "fr")),
      ...(await subscribers(1, "unsubscribed", "fr")),
      ...(await subscribers(1, "bounced", "fr")),
      ...(await subscribers(1, "confirmed", "en")),
    ];
    const post = await publishedPost("fr");
    const subject = `Ce mois-ci ${post.slug}`;
    await schedule(post.id, subject);

    expect(await scheduledRun()).toMatchObject({ status: 200, emails: expect.any(Number) });
    const mails = await sentWith(subject);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(
      expect.arrayContaining([...confirmed].sort()),
    );
    expect(mails.flatMap((mail) => mail.to).some((to) => others.includes(to))).toBe(false);
    for (const mail of mails) {
      expect(mail.html).toContain(`/fr/blog/${post.slug}`);
      expect(mail.html).toContain('lang="fr"');
      expect(mail.html).not.toMatch(/<script|alert\(1\)|__unsubscribe_token__/);
      expect(mail.text).toContain("Lire sur le site");
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.headers?.["List-Unsubscribe"]).toMatch(
        /^<http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/newsletter\/unsubscribe\?token=[^>]+>$/,
      );
    }
    expect(mails).toHaveLength(3);

    // The reader's mail app unsubscribes with one POST to the header's address.
    const [first] = mails;
    const oneClick = first!.headers!["List-Unsubscribe"]!.slice(1, -1);
    const unsubscribed = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    expect(await subscriberStatus(first!.to[0]!)).toBe("unsubscribed");
    // The page link of the e-mail carries the same token.
    const token = new URL(oneClick).searchParams.get("token")!;
    expect(first!.html).toContain(`/fr/newsletter/desinscription?token=${token}`);

    expect(await scheduledRun()).toMatchObject({ status: 200, batches: 0, emails: 0 });
    expect(await sentWith(subject)).toHaveLength(3);
  });

  it("delivers exactly one e-mail each when the provider's answers are lost, once it recovers", async () => {
    await subscribers(4, "confirmed", "en");
    const { data: readers } = await stack.service
      .from("newsletter_subscribers")
      .select("email")
      .eq("status", "confirmed")
      .eq("language", "en");
    const confirmed = readers!.map(({ email }) => email as string);
    const post = await publishedPost("en");
    const subject = `This month ${post.slug}`;
    await schedule(post.id, subject);

    // Resend accepts the batch, then the answer is lost: the run cannot know it was sent.
    await faults("PUT", { lostResponseRate: 1 });
    expect(await scheduledRun()).toMatchObject({ status: 200, emails: 0 });
    await faults("DELETE");
    // Tried again after its pause: the same key and payload, answered without a new delivery.
    let delivered = 0;
    for (let run = 0; run < 6 && delivered === 0; run++) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      delivered = (await scheduledRun()).emails ?? 0;
    }
    expect(delivered).toBe(confirmed.length);
    const mails = await sentWith(subject);
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual([...confirmed].sort());
    expect(mails.every((mail) => (mail.repeats ?? 0) >= 1)).toBe(true);
  });
});

interface FunctionAnswer {
  status: number;
  body: Record<string, unknown>;
}

async function staffCall(c: SupabaseClient, route: string, body: unknown): Promise<FunctionAnswer> {
  const { data } = await c.auth.getSession();
  const response = await fetch(`${stack.url}/functions/v1/send-newsletter/${route}`, {
    method: "POST",
    headers: {
      apikey: stack.publishableKey,
      Authorization: `Bearer ${data.session!.access_token}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const draft = {
  post: {
    title: "Un brouillon",
    slug: "un-brouillon",
    excerpt: null,
    content: "<p>Bonjour</p>",
    language: "fr",
    image_url: null,
    image_width: null,
    image_height: null,
    video_url: "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
  },
  subject: "Un brouillon",
  preheader: "Avant tout le monde",
};

describe("staff", () => {
  it("preview the e-mail when they may send newsletters (Editors), not otherwise (Sales)", async () => {
    expect(await staffCall(sales, "preview", draft)).toMatchObject({
      status: 403,
      body: { error: "not_allowed" },
    });
    const preview = await staffCall(editor, "preview", draft);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      subject: "Un brouillon",
      preheader: "Avant tout le monde",
    });
    expect(preview.body.html).toContain("https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg");
    expect(preview.body.text).toContain("Bonjour");
    const anonymous = await fetch(`${stack.url}/functions/v1/send-newsletter/preview`, {
      method: "POST",
      headers: { apikey: stack.publishableKey, Authorization: `Bearer ${stack.publishableKey}` },
      body: JSON.stringify(draft),
    });
    expect(anonymous.status).toBe(401);
  });

  it("send a test e-mail to themselves only", async () => {
    const answer = await staffCall(editor, "test", { ...draft, to: "someone@example.com" });
    expect(answer).toMatchObject({ status: 200, body: { to: editorEmail } });
    const [mail] = await sentWith("[Test] Un brouillon");
    expect(mail?.to).toEqual([editorEmail]);
    expect(mail?.headers?.["List-Unsubscribe"]).toContain("/functions/v1/newsletter/unsubscribe");
    expect((await staffCall(sales, "test", draft)).status).toBe(403);
  });
});

const webhook = (event: Record<string, unknown>) => postResendWebhook(stack, event);

describe("resend-events", () => {
  it("refuses an unsigned or wrongly signed event and changes nothing", async () => {
    const [address] = await subscribers(1, "confirmed", "en");
    expect(await webhook({ type: "email.bounced", to: address, signature: "none" })).toBe(400);
    expect(await webhook({ type: "email.bounced", to: address, signature: "invalid" })).toBe(400);
    expect(await subscriberStatus(address!)).toBe("confirmed");
  });

  it("suppresses the recipient of a signed bounce for an e-mail it was sent, and a complaint outranks it", async () => {
    const [bounced, complained] = await subscribers(2, "confirmed", "fr");
    const post = await publishedPost("fr");
    const subject = `Rebonds ${post.slug}`;
    await schedule(post.id, subject);
    expect(await scheduledRun()).toMatchObject({ status: 200 });
    const sent = await sentWith(subject);
    // The id Resend answered for the e-mail (the outbox's), which the send recorded.
    const idOf = (address: string) => String(sent.find((mail) => mail.to.includes(address))!.id);

    expect(await webhook({ type: "email.bounced", to: [bounced], email_id: idOf(bounced!) })).toBe(
      200,
    );
    expect(await subscriberStatus(bounced!)).toBe("bounced");
    const aboutComplained = { to: [complained], email_id: idOf(complained!) };
    expect(await webhook({ type: "email.complained", ...aboutComplained })).toBe(200);
    expect(await webhook({ type: "email.bounced", ...aboutComplained })).toBe(200);
    expect(await subscriberStatus(complained!)).toBe("complained");
    expect(await webhook({ type: "email.delivered", ...aboutComplained })).toBe(200);
    expect(await subscriberStatus(complained!)).toBe("complained");
  });
});
