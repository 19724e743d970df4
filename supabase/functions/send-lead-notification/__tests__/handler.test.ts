import { describe, expect, it } from "vitest";
import { escapeHtml, headerText } from "../../_shared/email.ts";
import handler from "../handler.ts";
import {
  bodyOf,
  DEFAULT_RESEND_URL,
  LEGACY_ANON_KEY,
  LEGACY_SERVICE_KEY,
  lead,
  post,
  PUBLISHABLE_KEY,
  scheduledRun,
  SECRET_KEY,
  setup,
  SUPABASE_URL,
} from "./fake-context.ts";

describe("send-lead-notification", () => {
  it("answers the CORS preflight", async () => {
    const { ctx } = setup();
    const res = await handler(new Request("http://localhost/x", { method: "OPTIONS" }), ctx);
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toBe(
      "authorization, x-client-info, apikey, content-type",
    );
  });

  it("refuses other methods with 405", async () => {
    const { ctx } = setup();
    const res = await handler(new Request("http://localhost/x", { method: "GET" }), ctx);
    expect(res.status).toBe(405);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toHaveProperty("error");
  });

  /** The site's call, and what the handler did after answering it. */
  async function fastPath(setupResult: ReturnType<typeof setup>, body: unknown) {
    const res = await handler(post(body), setupResult.ctx);
    await Promise.all(setupResult.background);
    return res;
  }

  it("answers the site at once and then sends one escaped e-mail to the configured address", async () => {
    const l = lead({
      name: '<script>alert("x")</script>',
      company: "Tom & Jerry's",
      message: "<img src=x onerror=alert(1)>\nSecond line",
    });
    const fake = setup({ leads: [l] });
    const res = await handler(post({ ...bodyOf(l), to: "victim@example.com" }), fake.ctx);

    expect(res.status).toBe(202);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toEqual({ ok: true });
    // The answer did not wait for the e-mail.
    expect(fake.outbox).toEqual([]);
    await Promise.all(fake.background);

    expect(fake.outbox).toHaveLength(1);
    const mail = fake.outbox[0]!;
    expect(mail.to).toEqual(["team@appgrove.example"]);
    // No LEAD_NOTIFICATION_FROM: the brand-free placeholder.
    expect(mail.from).toBe("Website <notifications@example.com>");
    expect(mail.replyTo).toBe(l.email);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("Tom &amp; Jerry&#39;s");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("ada@example.com");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(fake.leads[0]!.notified_at).not.toBeNull();
    const resendRequest = fake.requests.find((r) => r.url.href === DEFAULT_RESEND_URL)!;
    expect(resendRequest.headers.get("idempotency-key")).toBe(
      `lead-email/${fake.leads[0]!.notification_email_id}`,
    );
  });

  it("decides both of two identical leads sent together, though both requests find the newest first", async () => {
    const first = lead({ created_at: new Date(Date.now() - 1_000).toISOString() });
    const second = lead({ created_at: new Date().toISOString(), repeat_of: first.id });
    const fake = setup({ leads: [first, second] });
    // Both answered before either decides: both look up the newest pending lead, the second.
    await Promise.all([
      handler(post(bodyOf(first)), fake.ctx),
      handler(post(bodyOf(second)), fake.ctx),
    ]);
    await Promise.all(fake.background);

    expect(fake.leads.map((stored) => stored.notification)).toEqual(["emailed", "repeat"]);
    expect(fake.outbox).toHaveLength(1);
  });

  it("answers every lead with the same bytes: new, repeat, held, unknown, stale or misnamed", async () => {
    const first = lead();
    const repeat = lead({ repeat_of: first.id, email: "repeat@example.com" });
    const emailed = lead({ email: "emailed@example.com" });
    const held = lead({ email: "held@example.com" });
    const stale = lead({
      email: "stale@example.com",
      created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString(),
    });
    const fake = setup({ leads: [first, repeat, emailed, held, stale], emailsBeforeDigest: 2 });
    const answers = [];
    for (const body of [
      bodyOf(first),
      bodyOf(repeat),
      bodyOf(emailed),
      bodyOf(held),
      bodyOf(stale),
      { ...bodyOf(first), email: "someone-else@example.com" },
      { ...bodyOf(emailed), name: "Mallory" },
      bodyOf(first),
    ]) {
      const res = await fastPath(fake, body);
      answers.push(JSON.stringify([res.status, [...res.headers], await res.text()]));
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)[0]).toBe(202);
    expect(fake.leads.map((l) => l.notification)).toEqual([
      "emailed",
      "repeat",
      "emailed",
      "held",
      "pending",
    ]);
    expect(fake.outbox).toHaveLength(2);
  });

  it("sends through Resend's API with RESEND_API_KEY, at RESEND_API_URL when set", async () => {
    const l = lead();
    const fake = setup({
      leads: [l],
      env: { RESEND_API_KEY: "re_key", LEAD_NOTIFICATION_FROM: "Leads <leads@agency.example>" },
    });
    expect((await fastPath(fake, bodyOf(l))).status).toBe(202);
    expect(fake.outbox).toHaveLength(1);
    expect(fake.resendCalls).toHaveLength(1);
    expect(fake.resendCalls[0]).toMatchObject({
      from: "Leads <leads@agency.example>",
      to: ["team@appgrove.example"],
      reply_to: l.email,
    });
    const resendRequest = fake.requests.find((r) => r.url.href === DEFAULT_RESEND_URL)!;
    expect(resendRequest.method).toBe("POST");
    expect(resendRequest.headers.get("authorization")).toBe("Bearer re_key");

    // The local stack points RESEND_API_URL at its own stand-in for Resend.
    const local = lead();
    const elsewhere = setup({
      leads: [local],
      env: { RESEND_API_URL: "http://127.0.0.1:54321/__local/resend/emails" },
    });
    expect((await fastPath(elsewhere, bodyOf(local))).status).toBe(202);
    expect(elsewhere.outbox).toHaveLength(1);
    const hosts = elsewhere.requests.map((request) => request.url.host);
    expect(hosts).toContain("127.0.0.1:54321");
    expect(hosts).not.toContain("api.resend.com");
  });

  it("answers 400 with details for missing or invalid fields", async () => {
    const { ctx, outbox } = setup();
    const missing = await handler(post({ phone: "1" }), ctx);
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { error: string; details: Record<string, string> };
    expect(Object.keys(body.details).sort()).toEqual(["email", "name", "source"]);

    for (const bad of [
      { name: "A", email: "not-an-email", source: "contact" },
      { name: "A", email: "a@b.co", source: "elsewhere" },
      { name: "A".repeat(201), email: "a@b.co", source: "contact" },
      { name: 42, email: "a@b.co", source: "contact" },
      { name: "A\r\nBcc: x@y.z", email: "a@b.co", source: "contact" },
    ]) {
      const res = await handler(post(bad), ctx);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await handler(post("{not json"), ctx)).status).toBe(400);
    expect((await handler(post([1, 2]), ctx)).status).toBe(400);
    expect(outbox).toHaveLength(0);
  });

  it("records a provider failure, and the scheduled run sends the e-mail once it recovers", async () => {
    const l = lead();
    let fail = true;
    const fake = setup({
      leads: [l],
      env: { RESEND_API_KEY: "re_key" },
      resend: () =>
        fail
          ? Response.json({ statusCode: 500, name: "internal_server_error" }, { status: 500 })
          : Response.json({ id: "ok" }),
    });
    expect((await fastPath(fake, bodyOf(l))).status).toBe(202);
    expect(fake.leads[0]!.notified_at).toBeNull();
    expect(fake.emails[0]!.failures).toEqual([
      "The e-mail provider refused the message (500 internal_server_error).",
    ]);

    fail = false;
    const scheduled = await handler(scheduledRun(), fake.ctx);
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toEqual({ decided: 0, sent: 1, failed: 0 });
    expect(fake.resendCalls).toHaveLength(2);
    const keys = fake.requests
      .filter((r) => r.url.href === DEFAULT_RESEND_URL)
      .map((r) => r.headers.get("idempotency-key"));
    // The retry carries the first attempt's key: had the first one gone out, it would not again.
    expect(new Set(keys).size).toBe(1);
    expect(fake.leads[0]!.notified_at).not.toBeNull();
  });

  it("records an unreachable provider as a failure", async () => {
    const l = lead();
    const fake = setup({
      leads: [l],
      resend: () => {
        throw new TypeError("fetch failed");
      },
    });
    expect((await fastPath(fake, bodyOf(l))).status).toBe(202);
    expect(fake.emails[0]!.failures).toEqual(["The e-mail provider could not be reached."]);
    expect(fake.leads[0]!.notified_at).toBeNull();
  });

  it("takes Resend's answer to a key already used as an e-mail already sent", async () => {
    const l = lead();
    const fake = setup({
      leads: [l],
      resend: () =>
        Response.json(
          { statusCode: 409, name: "invalid_idempotent_request", message: "Same key" },
          { status: 409 },
        ),
    });
    await fastPath(fake, bodyOf(l));
    expect(fake.emails[0]).toMatchObject({ sent: true, failures: [] });
  });

  it("answers 500 without a recipient or a provider", async () => {
    const l = lead();
    const noRecipient = setup({ leads: [l], env: { LEAD_NOTIFICATION_TO: undefined } });
    expect((await handler(post(bodyOf(l)), noRecipient.ctx)).status).toBe(500);

    const noProvider = setup({ leads: [l], env: { RESEND_API_KEY: undefined } });
    const res = await handler(post(bodyOf(l)), noProvider.ctx);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "No e-mail provider configured." });
  });

  it("is called with the site's publishable key or its legacy anon key", async () => {
    for (const apikey of [PUBLISHABLE_KEY, LEGACY_ANON_KEY]) {
      const l = lead();
      const fake = setup({ leads: [l] });
      const res = await handler(post(bodyOf(l), { apikey }), fake.ctx);
      await Promise.all(fake.background);
      expect(res.status).toBe(202);
      expect(fake.outbox).toHaveLength(1);
    }
  });

  it("refuses a caller without the site's or a secret key, whatever bearer token it shows", async () => {
    const l = lead();
    const { ctx, outbox, requests } = setup({ leads: [l] });
    const callers: Record<string, string>[] = [
      {},
      { apikey: "sb_publishable_someone-else" },
      { apikey: `${SECRET_KEY}x` },
      { apikey: `${PUBLISHABLE_KEY}x` },
      // A token claiming the service role, signed by nobody the function knows.
      { Authorization: "Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0." },
    ];
    for (const headers of callers) {
      const res = await handler(post(bodyOf(l), headers), ctx);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "A valid publishable or anon key is required." });
    }
    expect(outbox).toEqual([]);
    expect(requests).toEqual([]);
  });

  it("reads leads with the secret key, or the legacy service-role key without one", async () => {
    type Requests = ReturnType<typeof setup>["requests"];
    const databaseKeys = (requests: Requests) =>
      new Set(
        requests
          .filter((request) => request.url.origin === SUPABASE_URL)
          .map((request) => request.headers.get("apikey")),
      );
    const l = lead();
    const current = setup({ leads: [l] });
    expect((await fastPath(current, bodyOf(l))).status).toBe(202);
    expect(databaseKeys(current.requests)).toEqual(new Set([SECRET_KEY]));

    const legacy = lead();
    const midMigration = setup({ leads: [legacy], env: { SUPABASE_SECRET_KEYS: undefined } });
    expect((await fastPath(midMigration, bodyOf(legacy))).status).toBe(202);
    expect(databaseKeys(midMigration.requests)).toEqual(new Set([LEGACY_SERVICE_KEY]));
    expect(midMigration.outbox).toHaveLength(1);
  });

  it("keeps control and bidirectional characters out of every header", async () => {
    // A lead stored with bidi controls (before the database took them out), sent on schedule.
    const l = lead({
      name: "Ada \u202Egnp.exe\u202C Lovelace\u200F",
      company: "Apps\u2066Co\u2069",
    });
    const fake = setup({ leads: [l] });
    expect((await handler(scheduledRun(), fake.ctx)).status).toBe(200);
    expect(fake.outbox[0]!.subject).toBe("New lead: Ada gnp.exe Lovelace (AppsCo) via contact");
    expect(fake.outbox[0]!.html).toContain("<bdi>Ada \u202Egnp.exe\u202C Lovelace\u200F</bdi>");
    expect(headerText("a\r\nBcc: x\u0007\u061C\u2028b")).toBe("a Bcc: xb");
  });

  it("finds the lead the database stored without the bidi controls the visitor sent", async () => {
    const sent = { ...bodyOf(lead()), name: "Ada \u202Egnp.exe\u202C", company: "Apps\u2066Co" };
    const fake = setup({ leads: [lead({ name: "Ada gnp.exe", company: "AppsCo" })] });
    expect((await fastPath(fake, sent)).status).toBe(202);
    expect(fake.outbox.map((mail) => mail.subject)).toEqual([
      "New lead: Ada gnp.exe (AppsCo) via contact",
    ]);
  });

  it("on schedule, decides every pending lead and sends what is owed: own e-mails and one digest", async () => {
    const leads = Array.from({ length: 5 }, (_, index) =>
      lead({ email: `visitor${index}@example.com`, name: `Visitor ${index}` }),
    );
    const repeat = lead({ repeat_of: leads[0]!.id, email: "visitor0@example.com" });
    const fake = setup({ leads: [...leads, repeat], emailsBeforeDigest: 2 });
    const res = await handler(scheduledRun(), fake.ctx);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ decided: 6, sent: 3, failed: 0 });
    expect(fake.outbox.map((mail) => mail.subject)).toEqual([
      "New lead: Visitor 0 (Analytical Apps) via contact",
      "New lead: Visitor 1 (Analytical Apps) via contact",
      "Lead digest: 3 new leads from the website",
    ]);
    for (const index of [2, 3, 4])
      expect(fake.outbox[2]!.html).toContain(`visitor${index}@example.com`);
    expect(fake.leads.map((l) => l.notification)).toEqual([
      "emailed",
      "emailed",
      "in_digest",
      "in_digest",
      "in_digest",
      "repeat",
    ]);
    // Nothing is owed any more: the next run sends nothing.
    expect(await (await handler(scheduledRun(), fake.ctx)).json()).toEqual({
      decided: 0,
      sent: 0,
      failed: 0,
    });
    expect(fake.outbox).toHaveLength(3);
  });

  it("escapes HTML special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
