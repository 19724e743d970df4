// Newsletter sending in the database, through supabase-js against the local stack: who a send
// reaches, when it waits, what staff may ask for, and what the send-newsletter function's
// calls (start, claim, record, release) and Resend's events (bounces, complaints) leave
// behind. The function itself and Resend's stand-in have their own tests; here the service
// role plays the function, step by step, so every crash and retry can be set up exactly.

import { createHash, randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import { startTestStack, type TestStack } from "../local/__tests__/helpers.ts";
import { DEFAULT_MIGRATIONS_DIR } from "../local/src/config.ts";
import { Constants, type Enums } from "../../shared/database.types.ts";
import { newsletterTextLimits } from "../../shared/newsletter-send-limits.ts";

const ADMIN_EMAIL = "owner@appgrove.test";
const ADMIN_PASSWORD = "owner-password-for-tests";
const PASSWORD = "member-password-for-tests";

type Client = SupabaseClient;
type SubscriberStatus = Enums<"newsletter_status">;
type Language = Enums<"site_language">;

interface ClaimedBatch {
  batch_id: string;
  send_id: string;
  attempt: number;
  from: string;
  subject: string;
  preheader: string;
  html: string;
  text: string;
  recipients: { id: string; email: string; token: string }[];
}

let stack: TestStack;
let service: Client;
let anon: Client;
let admin: Client;
let editor: Client;
let sales: Client;
let user: Client;
let editorEmail = "";

const client = () => createNodeClient(stack.url, stack.publishableKey);

async function signedIn(email: string, password: string): Promise<Client> {
  const c = client();
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return c;
}

/** A signed-in account, a joined member of the team with `role` unless null. */
async function account(role: Enums<"staff_role"> | null, email = uniqueEmail(role ?? "user")) {
  const created = await service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  if (role) {
    const joined = await service
      .from("staff_members")
      .insert({ user_id: created.data.user.id, role, joined_at: new Date().toISOString() });
    if (joined.error) throw joined.error;
  }
  return signedIn(email, PASSWORD);
}

function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A post, published and due unless said otherwise; its id. */
async function post(overrides: Record<string, unknown> = {}): Promise<string> {
  const slug = `news-${randomUUID().slice(0, 8)}`;
  const { data, error } = await service
    .from("blog_posts")
    .insert({
      title: `Post ${slug}`,
      slug,
      language: "fr",
      status: "published",
      excerpt: "What changed this month.",
      content: "<p>Hello</p>",
      ...overrides,
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  return data!.id;
}

/** Subscribers with a status and a language; their addresses. */
async function subscribers(count: number, status: SubscriberStatus, language: Language = "fr") {
  const rows = Array.from({ length: count }, () => ({
    email: uniqueEmail(`${status}-${language}`),
    language,
    status,
  }));
  const { error } = await service.from("newsletter_subscribers").insert(rows);
  expect(error).toBeNull();
  return rows.map((row) => row.email);
}

/** `count` confirmed subscribers in one statement (the large sends). */
async function manySubscribers(count: number, language: Language = "fr") {
  const tag = randomUUID().slice(0, 8);
  await stack.db.query(
    `insert into public.newsletter_subscribers (email, language, status, confirmed_at)
     select 'reader-' || $1 || '-' || n || '@example.com', $2, 'confirmed', now()
       from generate_series(1, $3::integer) n`,
    [tag, language, count],
  );
}

/** Calls a function and returns its answer, failing the test on an error. */
async function call<T>(c: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await c.rpc(name, args);
  expect(error, name).toBeNull();
  return data as T;
}

/** The error a function call raises. */
async function refusal(c: Client, name: string, args: Record<string, unknown> = {}) {
  const { error, status } = await c.rpc(name, args);
  return { code: error?.code, message: error?.message, status };
}

const schedule = (postId: string, extra: Record<string, unknown> = {}, as: Client = editor) =>
  call<string>(as, "schedule_newsletter_send", {
    post_id: postId,
    subject: "This month",
    ...extra,
  });

const start = (sendId: string) =>
  call<number>(service, "start_newsletter_send", {
    send_id: sendId,
    from_address: "Appgrove <news@appgrove.test>",
    html: "<p>Hello {{unsubscribe_url}}</p>",
    text_body: "Hello {{unsubscribe_url}}",
  });

const claim = (leaseSeconds?: number) =>
  call<ClaimedBatch | null>(
    service,
    "claim_newsletter_batch",
    leaseSeconds === undefined ? {} : { lease_seconds: leaseSeconds },
  );

/** What Resend answers for a whole batch accepted: one id per e-mail. */
const accepted = (batch: ClaimedBatch) =>
  batch.recipients.map((recipient) => ({
    recipient_id: recipient.id,
    provider_id: `re_${recipient.id}`,
  }));

const record = (batch: ClaimedBatch, results: object[] = accepted(batch)) =>
  call<null>(service, "record_newsletter_batch", { batch_id: batch.batch_id, results });

async function sendRow(id: string) {
  const { data, error } = await service.from("newsletter_sends").select().eq("id", id).single();
  expect(error).toBeNull();
  return data!;
}

async function batchRow(id: string) {
  const { data, error } = await service.from("newsletter_batches").select().eq("id", id).single();
  expect(error).toBeNull();
  return data!;
}

interface RecipientRow {
  id: string;
  email: string;
  delivery: string;
  provider_id: string | null;
  error: string | null;
  sent_at: string | null;
  event_at: string | null;
}

/** A send's recipients, by address. */
async function recipientsOf(sendId: string): Promise<RecipientRow[]> {
  const { data, error } = await service
    .from("newsletter_recipients")
    .select()
    .eq("send_id", sendId);
  expect(error).toBeNull();
  return (data as RecipientRow[]).sort((a, b) => a.email.localeCompare(b.email));
}

async function subscriberStatus(email: string) {
  const { data } = await service
    .from("newsletter_subscribers")
    .select("status")
    .eq("email", email)
    .single();
  return data?.status;
}

/** Makes a batch due now (its retry time come, or its lease run out). */
async function dueNow(batchId: string, column: "next_attempt_at" | "leased_until") {
  const { error } = await service
    .from("newsletter_batches")
    .update({ [column]: new Date(Date.now() - 1000).toISOString() })
    .eq("id", batchId);
  expect(error).toBeNull();
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

beforeAll(async () => {
  stack = await startTestStack({
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    seedAdmin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  service = createNodeClient(stack.url, stack.serviceRoleKey);
  anon = client();
  admin = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  editorEmail = uniqueEmail("editor");
  editor = await account("editor", editorEmail);
  sales = await account("sales");
  user = await account(null);
});

afterAll(async () => {
  await stack?.close();
});

// Each test starts from no subscriber and no send: an audience is every confirmed subscriber
// of a language, so one test's subscribers would be another's recipients.
beforeEach(async () => {
  await stack.db.exec(`
    delete from public.newsletter_sends;
    delete from public.newsletter_subscribers;
    delete from private.newsletter_test_emails;
  `);
});

describe("the audience", () => {
  it("is exactly the confirmed subscribers of the post's language", async () => {
    const confirmed = await subscribers(3, "confirmed", "fr");
    await subscribers(1, "pending", "fr");
    await subscribers(1, "unsubscribed", "fr");
    await subscribers(1, "bounced", "fr");
    await subscribers(1, "complained", "fr");
    await subscribers(2, "confirmed", "en");
    const postId = await post({ language: "fr" });

    expect(await call(editor, "newsletter_audience", { post_id: postId })).toEqual({
      language: "fr",
      recipients: 3,
      already_sent: false,
      pending: null,
      last_sent_at: null,
    });

    const sendId = await schedule(postId);
    expect(await start(sendId)).toBe(3);
    expect((await recipientsOf(sendId)).map((row) => row.email)).toEqual(
      [...confirmed].sort((a, b) => a.localeCompare(b)),
    );
    expect(await sendRow(sendId)).toMatchObject({ language: "fr", recipient_count: 3 });
  });

  it("an unknown post is P0002", async () => {
    const postId = randomUUID();
    expect(await refusal(editor, "newsletter_audience", { post_id: postId })).toMatchObject({
      code: "P0002",
    });
    expect(
      await refusal(editor, "schedule_newsletter_send", { post_id: postId, subject: "Nothing" }),
    ).toMatchObject({ code: "P0002" });
    expect(
      await refusal(service, "start_newsletter_send", {
        send_id: randomUUID(),
        from_address: "a@example.com",
        html: "",
        text_body: "",
      }),
    ).toMatchObject({ code: "P0002" });
  });
});

describe("the subscribers list", () => {
  it("counts every status, bounced and complained included, and exports the confirmed addresses", async () => {
    const confirmed = await subscribers(2, "confirmed");
    await subscribers(3, "bounced");
    await subscribers(1, "complained", "en");
    // As the Subscribers list reads them: a count per status, then the confirmed list (CSV).
    const counts: Record<string, number | null> = {};
    for (const status of Constants.public.Enums.newsletter_status) {
      const { count, error } = await admin
        .from("newsletter_subscribers")
        .select("id", { count: "exact", head: true })
        .eq("status", status);
      expect(error).toBeNull();
      counts[status] = count;
    }
    expect(counts).toEqual({
      pending: 0,
      confirmed: 2,
      unsubscribed: 0,
      bounced: 3,
      complained: 1,
    });
    const exported = await admin
      .from("newsletter_subscribers")
      .select("email")
      .eq("status", "confirmed")
      .order("confirmed_at")
      .order("id");
    expect(exported.data!.map((row) => row.email).sort()).toEqual([...confirmed].sort());
  });
});

describe("scheduling", () => {
  it("a send waits until its post is published and due; a deleted post's send is cancelled", async () => {
    await subscribers(2, "confirmed", "en");
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const draftId = await post({ language: "en", status: "draft" });
    const scheduledPostId = await post({ language: "en", published_at: future });
    const draftSend = await schedule(draftId, { subject: "  Spaced out  ", preheader: " Soon " });
    const laterSend = await schedule(scheduledPostId);
    expect(await sendRow(draftSend)).toMatchObject({
      status: "scheduled",
      subject: "Spaced out",
      preheader: "Soon",
      language: "en",
    });

    expect(await call(service, "due_newsletter_sends")).toEqual([]);
    // Started anyway (a post unpublished between the two calls): nothing is written.
    expect(await start(draftSend)).toBe(0);
    expect(await sendRow(draftSend)).toMatchObject({ status: "scheduled", started_at: null });
    expect(await recipientsOf(draftSend)).toEqual([]);

    // Published now: due, with what the e-mail is made of.
    const published = await service
      .from("blog_posts")
      .update({
        status: "published",
        image_url: "/images/a.png",
        image_width: 1200,
        image_height: 630,
      })
      .eq("id", draftId)
      .select("title, slug, published_at")
      .single();
    expect(published.error).toBeNull();
    expect(await call(service, "due_newsletter_sends")).toEqual([
      {
        send_id: draftSend,
        subject: "Spaced out",
        preheader: "Soon",
        post: {
          id: draftId,
          title: published.data!.title,
          slug: published.data!.slug,
          excerpt: "What changed this month.",
          content: "<p>Hello</p>",
          language: "en",
          image_url: "/images/a.png",
          image_width: 1200,
          image_height: 630,
          video_url: null,
          author: null,
          published_at: expect.any(String),
        },
      },
    ]);

    // The scheduled post's time comes.
    await service
      .from("blog_posts")
      .update({ published_at: new Date(Date.now() - 1000).toISOString() })
      .eq("id", scheduledPostId);
    expect(
      (await call<{ send_id: string }[]>(service, "due_newsletter_sends")).map(
        (due) => due.send_id,
      ),
    ).toEqual([draftSend, laterSend]);

    // A post deleted before its send started takes the send with it.
    await service.from("blog_posts").delete().eq("id", scheduledPostId);
    expect(
      (await call<{ send_id: string }[]>(service, "due_newsletter_sends")).map(
        (due) => due.send_id,
      ),
    ).toEqual([draftSend]);
    expect(await sendRow(laterSend)).toMatchObject({
      status: "cancelled",
      post_id: null,
      cancelled_at: expect.any(String),
    });
  });

  it("a second request updates the send waiting; cancelled, a new one can be asked for", async () => {
    const postId = await post({ status: "draft" });
    const first = await schedule(postId, { subject: "First" });
    expect(await schedule(postId, { subject: "Second", preheader: "More" }, admin)).toBe(first);
    expect(await sendRow(first)).toMatchObject({ subject: "Second", preheader: "More" });
    expect(await call(editor, "newsletter_audience", { post_id: postId })).toMatchObject({
      pending: { id: first, status: "scheduled", requested_at: expect.any(String) },
    });

    expect(await call(editor, "cancel_newsletter_send", { send_id: first })).toBe(true);
    expect(await call(editor, "cancel_newsletter_send", { send_id: first })).toBe(false);
    const second = await schedule(postId);
    expect(second).not.toBe(first);
    expect(await sendRow(first)).toMatchObject({ status: "cancelled" });
  });

  it("a subject must be a line of at most 200 characters, a preheader at most 300, as shared/ says", async () => {
    const { subject: longestSubject, preheader: longestPreheader } = newsletterTextLimits;
    const postId = await post({ status: "draft" });
    for (const subject of ["", "   ", "Two\nlines", "x".repeat(longestSubject + 1)]) {
      expect(
        await refusal(editor, "schedule_newsletter_send", { post_id: postId, subject }),
        JSON.stringify(subject),
      ).toMatchObject({ code: "23514" });
    }
    expect(
      await refusal(editor, "schedule_newsletter_send", {
        post_id: postId,
        subject: "Fine",
        preheader: "x".repeat(longestPreheader + 1),
      }),
    ).toMatchObject({ code: "23514" });
    expect(
      await call(editor, "schedule_newsletter_send", {
        post_id: postId,
        subject: "x".repeat(longestSubject),
        preheader: "x".repeat(longestPreheader),
      }),
    ).toEqual(expect.any(String));
  });

  it("a post sent once is refused (PT409) unless sent again, which reaches only those who did not receive it", async () => {
    const [first, second] = await subscribers(2, "confirmed", "fr");
    const postId = await post({ language: "fr" });
    const sendId = await schedule(postId);
    expect(await start(sendId)).toBe(2);

    expect(
      await refusal(editor, "schedule_newsletter_send", { post_id: postId, subject: "Again" }),
    ).toEqual({
      code: "PT409",
      message: "This post is being sent now.",
      status: 409,
    });
    expect(await call(editor, "cancel_newsletter_send", { send_id: sendId })).toBe(false);

    // The second subscriber's e-mail fails; the first is sent.
    const batch = (await claim())!;
    const [firstRecipient, secondRecipient] = [first, second].map((email) =>
      batch.recipients.find((recipient) => recipient.email === email)!,
    );
    await record(batch, [
      { recipient_id: firstRecipient!.id, provider_id: "re_first" },
      { recipient_id: secondRecipient!.id, error: "Invalid `to` field." },
    ]);
    expect(await sendRow(sendId)).toMatchObject({
      status: "sent",
      completed_at: expect.any(String),
    });

    expect(
      await refusal(editor, "schedule_newsletter_send", { post_id: postId, subject: "Again" }),
    ).toEqual({
      code: "PT409",
      message: "This post was already sent to subscribers.",
      status: 409,
    });
    const [third] = await subscribers(1, "confirmed", "fr");
    expect(await call(editor, "newsletter_audience", { post_id: postId })).toEqual({
      language: "fr",
      recipients: 2,
      already_sent: true,
      pending: null,
      last_sent_at: expect.any(String),
    });

    const again = await schedule(postId, { subject: "Again", send_again: true });
    expect(await sendRow(again)).toMatchObject({ send_again: true, status: "scheduled" });
    expect(await start(again)).toBe(2);
    expect((await recipientsOf(again)).map((row) => row.email)).toEqual(
      [second!, third!].sort((a, b) => a.localeCompare(b)),
    );
  });
});

describe("starting a send", () => {
  it("writes every recipient, an unsubscribe token each and batches of at most 100, once", async () => {
    await manySubscribers(250);
    const postId = await post();
    const sendId = await schedule(postId);
    expect(await start(sendId)).toBe(250);
    expect(await sendRow(sendId)).toMatchObject({
      status: "sending",
      started_at: expect.any(String),
      recipient_count: 250,
      from_address: "Appgrove <news@appgrove.test>",
      html: "<p>Hello {{unsubscribe_url}}</p>",
      text_body: "Hello {{unsubscribe_url}}",
    });

    const shape = async () =>
      (
        await stack.db.query<{
          position: number;
          recipients: number;
          tokens: number;
          hashes: number;
        }>(
          `select batch.position,
                  count(recipient.id)::integer as recipients,
                  count(token.token)::integer as tokens,
                  count(hashed.token_hash)::integer as hashes
             from public.newsletter_batches batch
             join public.newsletter_recipients recipient on recipient.batch_id = batch.id
             left join private.newsletter_recipient_tokens token on token.recipient_id = recipient.id
             left join private.newsletter_tokens hashed
               on hashed.token_hash = sha256(convert_to(token.token, 'UTF8'))
              and hashed.subscriber_id = recipient.subscriber_id
              and hashed.purpose = 'unsubscribe'
              and hashed.expires_at > now() + interval '364 days'
            where batch.send_id = $1
            group by batch.position
            order by batch.position`,
          [sendId],
        )
      ).rows;
    const expected = [
      { position: 0, recipients: 100, tokens: 100, hashes: 100 },
      { position: 1, recipients: 100, tokens: 100, hashes: 100 },
      { position: 2, recipients: 50, tokens: 50, hashes: 50 },
    ];
    expect(await shape()).toEqual(expected);

    // Started again (a second run of the function): the same send, nothing more written.
    expect(await start(sendId)).toBe(250);
    expect(await shape()).toEqual(expected);
    const tokens = await stack.db.query<{ n: number }>(
      `select count(*)::integer as n from private.newsletter_tokens where purpose = 'unsubscribe'`,
    );
    expect(tokens.rows[0]!.n).toBe(250);
  });

  it("10,000 subscribers are written in one call, in 100 batches of 100", async () => {
    await manySubscribers(10_000);
    const sendId = await schedule(await post());
    expect(await start(sendId)).toBe(10_000);
    const { rows } = await stack.db.query<{ batches: number; smallest: number; largest: number }>(
      `select count(*)::integer as batches, min(size)::integer as smallest, max(size)::integer as largest
         from (select count(*) as size from public.newsletter_recipients
                where send_id = $1 group by batch_id) sizes`,
      [sendId],
    );
    expect(rows[0]).toEqual({ batches: 100, smallest: 100, largest: 100 });
  });

  it("a send with nobody to reach is sent at once", async () => {
    await subscribers(2, "confirmed", "fr");
    const sendId = await schedule(await post({ language: "en" }));
    expect(await start(sendId)).toBe(0);
    expect(await sendRow(sendId)).toMatchObject({
      status: "sent",
      recipient_count: 0,
      completed_at: expect.any(String),
    });
    expect(await claim()).toBeNull();
  });
});

describe("claiming, recording and releasing batches", () => {
  it("a claim hands out the e-mail and its recipients; recorded, the batch and the send are done", async () => {
    const emails = await subscribers(3, "confirmed", "fr");
    const sendId = await schedule(await post(), { subject: "Hello", preheader: "Inside" });
    await start(sendId);

    const batch = (await claim())!;
    expect(batch).toEqual({
      batch_id: expect.any(String),
      send_id: sendId,
      attempt: 1,
      from: "Appgrove <news@appgrove.test>",
      subject: "Hello",
      preheader: "Inside",
      html: "<p>Hello {{unsubscribe_url}}</p>",
      text: "Hello {{unsubscribe_url}}",
      recipients: expect.any(Array),
    });
    const ids = batch.recipients.map((recipient) => recipient.id);
    expect(ids).toEqual([...ids].sort());
    expect(batch.recipients.map((recipient) => recipient.email).sort()).toEqual([...emails].sort());
    for (const recipient of batch.recipients) expect(recipient.token).toMatch(/^[0-9a-f]{64}$/);
    // Leased: nobody else claims it meanwhile.
    expect(await claim()).toBeNull();

    const [sent, refused] = batch.recipients;
    await record(batch, [
      { recipient_id: sent!.id, provider_id: "re_sent" },
      { recipient_id: refused!.id, error: "Invalid `to` field." },
    ]);
    const rows = await recipientsOf(sendId);
    const byId = (id: string) => rows.find((row) => row.id === id)!;
    expect(byId(sent!.id)).toMatchObject({
      delivery: "sent",
      provider_id: "re_sent",
      sent_at: expect.any(String),
    });
    expect(byId(refused!.id)).toMatchObject({
      delivery: "failed",
      error: "Invalid `to` field.",
      sent_at: null,
    });
    // The answer left the third out: failed, never queued forever.
    expect(byId(batch.recipients[2]!.id)).toMatchObject({ delivery: "failed", sent_at: null });
    expect(await batchRow(batch.batch_id)).toMatchObject({
      sent_at: expect.any(String),
      leased_until: null,
    });
    expect(await sendRow(sendId)).toMatchObject({
      status: "sent",
      completed_at: expect.any(String),
    });
    const clear = await stack.db.query(`select 1 from private.newsletter_recipient_tokens`);
    expect(clear.rows).toEqual([]);

    // Recorded again (a retry of the function's last call): nothing changes.
    await record(batch, accepted(batch));
    expect(await recipientsOf(sendId)).toEqual(rows);
  });

  it("a crashed claim is claimed again once its lease runs out: the same batch id, the same recipients", async () => {
    await manySubscribers(150);
    const sendId = await schedule(await post());
    await start(sendId);

    const first = (await claim(60))!;
    const second = (await claim(60))!;
    expect(second.batch_id).not.toBe(first.batch_id);
    expect(await claim(60)).toBeNull();
    // The caller of the first died: its lease runs out.
    await dueNow(first.batch_id, "leased_until");
    const retried = (await claim(60))!;
    expect(retried).toEqual({ ...first, attempt: 2 });
    await record(retried);
    await record(second);
    expect(await sendRow(sendId)).toMatchObject({ status: "sent" });
    expect((await recipientsOf(sendId)).every((row) => row.delivery === "sent")).toBe(true);
  });

  it("a subscriber who leaves before their batch's first claim is skipped, and a batch left empty is done", async () => {
    await manySubscribers(201);
    const sendId = await schedule(await post());
    await start(sendId);
    const { rows: batches } = await stack.db.query<{
      id: string;
      position: number;
      emails: string[];
    }>(
      `select batch.id, batch.position, array_agg(recipient.email order by recipient.id) as emails
         from public.newsletter_batches batch
         join public.newsletter_recipients recipient on recipient.batch_id = batch.id
        where batch.send_id = $1
        group by batch.id, batch.position
        order by batch.position`,
      [sendId],
    );
    expect(batches.map((batch) => batch.emails.length)).toEqual([100, 100, 1]);
    const leaving = batches[0]!.emails[5]!;
    await service
      .from("newsletter_subscribers")
      .update({ status: "unsubscribed", unsubscribed_at: new Date().toISOString() })
      .eq("email", leaving);
    // The last batch's only subscriber bounced meanwhile (an earlier e-mail to them).
    await service
      .from("newsletter_subscribers")
      .update({ status: "bounced" })
      .eq("email", batches[2]!.emails[0]!);

    const first = (await claim())!;
    expect(first.batch_id).toBe(batches[0]!.id);
    expect(first.recipients.map((recipient) => recipient.email)).toEqual(
      batches[0]!.emails.filter((email) => email !== leaving),
    );
    // Fixed from now on: a subscriber leaving after the first claim is still in the retry.
    const late = first.recipients[0]!.email;
    await service
      .from("newsletter_subscribers")
      .update({ status: "unsubscribed" })
      .eq("email", late);
    await dueNow(first.batch_id, "leased_until");
    expect((await claim())!.recipients).toEqual(first.recipients);

    const secondBatch = (await claim())!;
    expect(secondBatch.batch_id).toBe(batches[1]!.id);
    // Nothing is left to claim: the third batch had nobody left, and is done.
    expect(await claim()).toBeNull();
    expect(await batchRow(batches[2]!.id)).toMatchObject({ sent_at: expect.any(String) });
    const skipped = (await recipientsOf(sendId)).filter((row) => row.delivery === "skipped");
    expect(skipped.map((row) => row.email).sort()).toEqual([leaving, batches[2]!.emails[0]].sort());
    // A skipped recipient's tokens, never sent, are gone; the others' wait for their e-mail.
    const { rows: tokens } = await stack.db.query<{ email: string }>(
      `select recipient.email
         from private.newsletter_recipient_tokens token
         join public.newsletter_recipients recipient on recipient.id = token.recipient_id
        where recipient.delivery = 'skipped'`,
    );
    expect(tokens).toEqual([]);
  });

  it("a release retries later, 5 s doubling; a rate limit is no attempt; the 10th failure fails the batch", async () => {
    const emails = await subscribers(2, "confirmed", "fr");
    const sendId = await schedule(await post());
    await start(sendId);
    const release = (batchId: string, extra: Record<string, unknown> = {}) =>
      call(service, "release_newsletter_batch", { batch_id: batchId, error: "HTTP 500", ...extra });

    let batch = (await claim())!;
    await release(batch.batch_id);
    let row = await batchRow(batch.batch_id);
    expect(row).toMatchObject({ attempts: 1, leased_until: null, last_error: "HTTP 500" });
    const delay = (at: string) => (Date.parse(at) - Date.now()) / 1000;
    expect(delay(row.next_attempt_at)).toBeGreaterThan(3);
    expect(delay(row.next_attempt_at)).toBeLessThanOrEqual(5);
    expect(await claim()).toBeNull();

    await dueNow(batch.batch_id, "next_attempt_at");
    batch = (await claim())!;
    expect(batch.attempt).toBe(2);
    await release(batch.batch_id);
    row = await batchRow(batch.batch_id);
    expect(delay(row.next_attempt_at)).toBeGreaterThan(8);
    expect(delay(row.next_attempt_at)).toBeLessThanOrEqual(10);

    // Rate limited, with the provider's retry-after: the attempt is given back.
    for (let i = 0; i < 3; i++) {
      await dueNow(batch.batch_id, "next_attempt_at");
      batch = (await claim())!;
      expect(batch.attempt).toBe(3);
      await release(batch.batch_id, {
        error: "rate_limit_exceeded",
        rate_limited: true,
        retry_after_seconds: 2,
      });
      row = await batchRow(batch.batch_id);
      expect(row).toMatchObject({ attempts: 2, last_error: "rate_limit_exceeded" });
      expect(delay(row.next_attempt_at)).toBeGreaterThan(0);
      expect(delay(row.next_attempt_at)).toBeLessThanOrEqual(2);
    }

    // Attempts 3 to 10 fail, the backoff never past a minute.
    for (let attempt = 3; attempt <= 10; attempt++) {
      await dueNow(batch.batch_id, "next_attempt_at");
      batch = (await claim())!;
      expect(batch.attempt).toBe(attempt);
      await release(batch.batch_id, { error: `HTTP 500 (${attempt})` });
      row = await batchRow(batch.batch_id);
      if (attempt < 10) expect(delay(row.next_attempt_at)).toBeLessThanOrEqual(60);
    }
    expect(row).toMatchObject({ attempts: 10, failed_at: expect.any(String), sent_at: null });
    expect((await recipientsOf(sendId)).map((r) => [r.email, r.delivery, r.error])).toEqual(
      [...emails]
        .sort((a, b) => a.localeCompare(b))
        .map((email) => [email, "failed", "HTTP 500 (10)"]),
    );
    expect(await sendRow(sendId)).toMatchObject({
      status: "sent",
      completed_at: expect.any(String),
    });
    await dueNow(batch.batch_id, "next_attempt_at");
    expect(await claim()).toBeNull();
  });
});

describe("bounces, complaints and unsubscribes", () => {
  it("suppress an address for good; the recipient's own unsubscribe link works", async () => {
    const [bouncing, complaining, leaving, staying] = await subscribers(4, "confirmed", "fr");
    const postId = await post();
    const sendId = await schedule(postId);
    await start(sendId);
    const batch = (await claim())!;
    const recipient = (email: string) => batch.recipients.find((r) => r.email === email)!;
    await record(batch);

    // A bounce, by the provider's id.
    const bounced = recipient(bouncing!);
    expect(
      await call(service, "record_newsletter_event", {
        event_type: "email.bounced",
        email: bouncing,
        provider_id: `re_${bounced.id}`,
        occurred_at: "2026-12-01T10:00:00Z",
      }),
    ).toBe(true);
    expect(await subscriberStatus(bouncing!)).toBe("bounced");
    // The address alone, or another recipient's id, is about no e-mail the site sent them.
    const complainedId = `re_${recipient(complaining!).id}`;
    for (const provider_id of [undefined, `re_${recipient(staying!).id}`]) {
      expect(
        await call(service, "record_newsletter_event", {
          event_type: "email.complained",
          email: complaining,
          provider_id,
        }),
      ).toBe(false);
    }
    expect(await subscriberStatus(complaining!)).toBe("confirmed");
    expect(await subscriberStatus(staying!)).toBe("confirmed");
    // A complaint, by the provider's id, the address in any case.
    expect(
      await call(service, "record_newsletter_event", {
        event_type: "email.complained",
        email: complaining!.toUpperCase(),
        provider_id: complainedId,
      }),
    ).toBe(true);
    expect(await subscriberStatus(complaining!)).toBe("complained");
    // A complaint outranks a bounce, and nothing undoes it; other events change nothing.
    for (const event_type of ["email.bounced", "email.complained", "email.delivered"]) {
      await call(service, "record_newsletter_event", {
        event_type,
        email: complaining,
        provider_id: complainedId,
      });
    }
    expect(
      await call(service, "record_newsletter_event", {
        event_type: "email.delivered",
        email: staying,
      }),
    ).toBe(false);
    expect(await subscriberStatus(complaining!)).toBe("complained");
    expect(await subscriberStatus(staying!)).toBe("confirmed");

    const rows = await recipientsOf(sendId);
    const rowOf = (email: string) => rows.find((row) => row.email === email)!;
    expect(rowOf(bouncing!)).toMatchObject({ delivery: "bounced" });
    expect(Date.parse(rowOf(bouncing!).event_at!)).toBe(Date.parse("2026-12-01T10:00:00Z"));
    expect(rowOf(complaining!)).toMatchObject({
      delivery: "complained",
      event_at: expect.any(String),
    });
    expect(rowOf(staying!)).toMatchObject({ delivery: "sent", event_at: null });

    // The unsubscribe link in the leaving subscriber's e-mail.
    expect(
      await call(anon, "unsubscribe_from_newsletter", { token: recipient(leaving!).token }),
    ).toBe(true);
    expect(await subscriberStatus(leaving!)).toBe("unsubscribed");
    // The bounced one's link answers, and the address stays suppressed; signing up again
    // does not revive it either.
    expect(await call(anon, "unsubscribe_from_newsletter", { token: bounced.token })).toBe(true);
    for (const email of [bouncing, complaining]) {
      await call(anon, "newsletter_subscribe", { email, language: "fr" });
    }
    expect(await subscriberStatus(bouncing!)).toBe("bounced");
    expect(await subscriberStatus(complaining!)).toBe("complained");
    // Nor is one confirmed by a confirmation link it still had.
    const { rows: confirmToken } = await stack.db.query<{ token: string }>(
      `select private.new_token() as token`,
    );
    await stack.db.query(
      `insert into private.newsletter_tokens (token_hash, subscriber_id, purpose, expires_at)
       select private.token_hash($1), id, 'confirm', now() + interval '1 day'
         from public.newsletter_subscribers where email = $2`,
      [confirmToken[0]!.token, bouncing],
    );
    expect(
      await call(anon, "confirm_newsletter_subscription", { token: confirmToken[0]!.token }),
    ).toBe(false);
    expect(await subscriberStatus(bouncing!)).toBe("bounced");

    // The results: one unsubscribe after the send (the bounced one's link changed nothing).
    const [result] = await call<Record<string, unknown>[]>(sales, "newsletter_send_results", {
      post_id: postId,
    });
    expect(result).toMatchObject({
      id: sendId,
      recipients: 4,
      queued: 0,
      sent: 4,
      failed: 0,
      bounced: 1,
      complained: 1,
      unsubscribed: 1,
    });
  });

  it("an erased subscriber leaves no address in any send's history", async () => {
    const [erased, kept] = await subscribers(2, "confirmed", "fr");
    const sendId = await schedule(await post());
    await start(sendId);
    await record((await claim())!);
    const { error } = await service.from("newsletter_subscribers").delete().eq("email", erased!);
    expect(error).toBeNull();
    expect((await recipientsOf(sendId)).map((recipient) => recipient.email)).toEqual([kept]);
    const left = await stack.db.query<{ n: number }>(
      `select count(*)::integer as n from public.newsletter_recipients where email = $1`,
      [erased],
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it("an unsubscribe token's hash is stored for a year, as for confirmation e-mails", async () => {
    const [email] = await subscribers(1, "confirmed", "en");
    const sendId = await schedule(await post({ language: "en" }));
    await start(sendId);
    const batch = (await claim())!;
    const { rows } = await stack.db.query<{ hash: string }>(
      `select encode(token_hash, 'hex') as hash from private.newsletter_tokens
        where purpose = 'unsubscribe' and expires_at > now() + interval '364 days'`,
    );
    expect(rows.map((row) => row.hash)).toEqual([sha256(batch.recipients[0]!.token)]);
    expect(batch.recipients[0]!.email).toBe(email);
  });
});

describe("what staff read and ask for", () => {
  it("results: every send newest first, or one post's, with its counts; Sales reads them, users do not", async () => {
    const emails = await subscribers(3, "confirmed", "fr");
    const firstPost = await post({ title: "First post" });
    const first = await schedule(firstPost, { subject: "First" });
    await start(first);
    const batch = (await claim())!;
    await record(batch, [
      { recipient_id: batch.recipients[0]!.id, provider_id: "re_1" },
      { recipient_id: batch.recipients[1]!.id, error: "Invalid" },
      { recipient_id: batch.recipients[2]!.id, provider_id: "re_3" },
    ]);
    const secondPost = await post({ title: "Second post", status: "draft" });
    const second = await schedule(secondPost, { subject: "Second" });

    const all = await call<Record<string, unknown>[]>(sales, "newsletter_send_results");
    expect(all.map((row) => row.id)).toEqual([second, first]);
    expect(all[1]).toEqual({
      id: first,
      post_id: firstPost,
      post_title: "First post",
      language: "fr",
      subject: "First",
      status: "sent",
      send_again: false,
      requested_at: expect.any(String),
      started_at: expect.any(String),
      completed_at: expect.any(String),
      recipients: 3,
      queued: 0,
      sent: 2,
      failed: 1,
      bounced: 0,
      complained: 0,
      unsubscribed: 0,
    });
    expect(all[0]).toMatchObject({ status: "scheduled", recipients: 0, started_at: null });
    expect(emails).toHaveLength(3);

    const one = await call<{ id: string }[]>(editor, "newsletter_send_results", {
      post_id: secondPost,
    });
    expect(one.map((row) => row.id)).toEqual([second]);

    for (const [c, status] of [
      [user, 403],
      [anon, 401],
    ] as const) {
      expect(await refusal(c, "newsletter_send_results")).toMatchObject({ code: "42501", status });
    }
    // Sales follows the sends but does not send.
    expect(
      await refusal(sales, "schedule_newsletter_send", { post_id: secondPost, subject: "No" }),
    ).toMatchObject({ code: "42501", status: 403 });
  });

  it("a test e-mail goes to the member's own address, at most 10 an hour", async () => {
    for (let i = 0; i < 10; i++) {
      expect(await call(editor, "claim_newsletter_test_email")).toBe(editorEmail);
    }
    expect(await refusal(editor, "claim_newsletter_test_email")).toMatchObject({
      code: "PT429",
      status: 429,
    });
    // Another member has their own allowance.
    expect(await call(admin, "claim_newsletter_test_email")).toBe(ADMIN_EMAIL);
    // An hour later, the editor may again.
    await stack.db.exec(
      `update private.newsletter_test_emails set requested_at = requested_at - interval '1 hour'`,
    );
    expect(await call(editor, "claim_newsletter_test_email")).toBe(editorEmail);
    expect(await refusal(sales, "claim_newsletter_test_email")).toMatchObject({ code: "42501" });
  });
});
