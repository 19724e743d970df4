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

  it("sends one escaped e-mail to the configured address for a fresh lead", async () => {
    const l = lead({
      name: '<script>alert("x")</script>',
      company: "Tom & Jerry's",
      message: "<img src=x onerror=alert(1)>\nSecond line",
    });
    const { ctx, outbox, leads } = setup({ leads: [l] });
    const res = await handler(post({ ...bodyOf(l), to: "victim@example.com" }), ctx);

    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toEqual({ ok: true, leadId: l.id, notification: "email" });
    expect(outbox).toHaveLength(1);
    const mail = outbox[0]!;
    expect(mail.to).toEqual(["team@appgrove.example"]);
    expect(mail.from).toBe("Appgrove <notifications@appgrove.example>");
    expect(mail.replyTo).toBe(l.email);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("Tom &amp; Jerry&#39;s");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("ada@example.com");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(leads[0]!.notified_at).not.toBeNull();
  });

  it("notifies about a lead only once", async () => {
    const l = lead();
    const { ctx, outbox } = setup({ leads: [l] });
    expect((await handler(post(bodyOf(l)), ctx)).status).toBe(200);
    // The lead no longer awaits a notification.
    const again = await handler(post(bodyOf(l)), ctx);
    expect(again.status).toBe(404);
    expect(outbox).toHaveLength(1);
  });

  it("sends through Resend's API with RESEND_API_KEY, at RESEND_API_URL when set", async () => {
    const l = lead();
    const { ctx, outbox, resendCalls, requests } = setup({
      leads: [l],
      env: { RESEND_API_KEY: "re_key", LEAD_NOTIFICATION_FROM: "Leads <leads@agency.example>" },
    });
    const res = await handler(post(bodyOf(l)), ctx);
    expect(res.status).toBe(200);
    expect(outbox).toHaveLength(1);
    expect(resendCalls).toHaveLength(1);
    expect(resendCalls[0]).toMatchObject({
      from: "Leads <leads@agency.example>",
      to: ["team@appgrove.example"],
      reply_to: l.email,
    });
    const resendRequest = requests.find((r) => r.url.href === DEFAULT_RESEND_URL)!;
    expect(resendRequest.method).toBe("POST");
    expect(resendRequest.headers.get("authorization")).toBe("Bearer re_key");

    // The local stack points RESEND_API_URL at its own stand-in for Resend.
    const local = lead();
    const elsewhere = setup({
      leads: [local],
      env: { RESEND_API_URL: "http://127.0.0.1:54321/__local/resend/emails" },
    });
    expect((await handler(post(bodyOf(local)), elsewhere.ctx)).status).toBe(200);
    expect(elsewhere.outbox).toHaveLength(1);
    const hosts = elsewhere.requests.map((request) => request.url.host);
    expect(hosts).toContain("127.0.0.1:54321");
    expect(hosts).not.toContain("api.resend.com");
  });

  it("refuses an unknown lead", async () => {
    const { ctx, outbox } = setup({ leads: [lead()] });
    const res = await handler(post({ ...bodyOf(lead()), email: "someone-else@example.com" }), ctx);
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty("error");
    expect(outbox).toHaveLength(0);
  });

  it("refuses a lead whose name does not match", async () => {
    const l = lead();
    const { ctx, outbox } = setup({ leads: [l] });
    const res = await handler(post({ ...bodyOf(l), name: "Mallory" }), ctx);
    expect(res.status).toBe(404);
    expect(outbox).toHaveLength(0);
  });

  it("refuses a stale lead", async () => {
    const l = lead({ created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() });
    const { ctx, outbox } = setup({ leads: [l] });
    const res = await handler(post(bodyOf(l)), ctx);
    expect(res.status).toBe(404);
    expect(outbox).toHaveLength(0);
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

  it("answers 502 when the provider fails, and allows a retry", async () => {
    const l = lead();
    let fail = true;
    const { ctx, resendCalls, leads } = setup({
      leads: [l],
      env: { RESEND_API_KEY: "re_key" },
      resend: () =>
        fail ? Response.json({ message: "boom" }, { status: 500 }) : Response.json({ id: "ok" }),
    });
    const res = await handler(post(bodyOf(l)), ctx);
    expect(res.status).toBe(502);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toHaveProperty("error");
    expect(leads[0]!.notified_at).toBeNull();

    fail = false;
    expect((await handler(post(bodyOf(l)), ctx)).status).toBe(200);
    expect(resendCalls).toHaveLength(2);
  });

  it("answers 502 when Resend cannot be reached, and gives the lead back", async () => {
    const l = lead();
    const { ctx, leads } = setup({
      leads: [l],
      resend: () => {
        throw new TypeError("fetch failed");
      },
    });
    const res = await handler(post(bodyOf(l)), ctx);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "The e-mail provider could not be reached." });
    expect(leads[0]!.notified_at).toBeNull();
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
      const { ctx, outbox } = setup({ leads: [l] });
      const res = await handler(post(bodyOf(l), { apikey }), ctx);
      expect(res.status).toBe(200);
      expect(outbox).toHaveLength(1);
    }
  });

  it("refuses a caller without the site's key, whatever bearer token it shows", async () => {
    const l = lead();
    const { ctx, outbox, requests } = setup({ leads: [l] });
    const callers: Record<string, string>[] = [
      {},
      { apikey: "sb_publishable_someone-else" },
      { apikey: SECRET_KEY },
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
    expect((await handler(post(bodyOf(l)), current.ctx)).status).toBe(200);
    expect(databaseKeys(current.requests)).toEqual(new Set([SECRET_KEY]));

    const legacy = lead();
    const midMigration = setup({ leads: [legacy], env: { SUPABASE_SECRET_KEYS: undefined } });
    expect((await handler(post(bodyOf(legacy)), midMigration.ctx)).status).toBe(200);
    expect(databaseKeys(midMigration.requests)).toEqual(new Set([LEGACY_SERVICE_KEY]));
  });

  it("keeps control and bidirectional characters out of every header", async () => {
    const l = lead({
      name: "Ada \u202Egnp.exe\u202C Lovelace\u200F",
      company: "Apps\u2066Co\u2069",
    });
    const { ctx, outbox } = setup({ leads: [l] });
    expect((await handler(post(bodyOf(l)), ctx)).status).toBe(200);
    expect(outbox[0]!.subject).toBe("New lead: Ada gnp.exe Lovelace (AppsCo) via contact");
    expect(outbox[0]!.html).toContain("<bdi>Ada \u202Egnp.exe\u202C Lovelace\u200F</bdi>");
    expect(headerText("a\r\nBcc: x\u0007\u061C\u2028b")).toBe("a Bcc: xb");
  });

  it("does not notify a repeat, and answers what it decided", async () => {
    const first = lead();
    const repeat = lead({
      repeat_of: first.id,
      created_at: new Date(Date.now() + 1).toISOString(),
    });
    const { ctx, outbox } = setup({ leads: [first, repeat] });
    const answers = [];
    for (let call = 0; call < 3; call++) {
      const res = await handler(post(bodyOf(first)), ctx);
      answers.push(
        res.status === 200
          ? ((await res.json()) as { notification: string }).notification
          : res.status,
      );
    }
    expect(answers).toEqual(["repeat", "email", 404]);
    expect(outbox).toHaveLength(1);
  });

  it("past the window's allowance, holds leads and sends them as one digest in the background", async () => {
    const leads = Array.from({ length: 5 }, (_, index) =>
      lead({ email: `visitor${index}@example.com`, name: `Visitor ${index}` }),
    );
    const { ctx, outbox, background } = setup({ leads, emailsBeforeDigest: 2 });
    for (const l of leads) expect((await handler(post(bodyOf(l)), ctx)).status).toBe(200);
    await Promise.all(background);
    expect(outbox.map((mail) => mail.subject)).toEqual([
      "New lead: Visitor 0 (Analytical Apps) via contact",
      "New lead: Visitor 1 (Analytical Apps) via contact",
      "Lead digest: 3 new leads from the website",
    ]);
    for (const index of [2, 3, 4]) expect(outbox[2]!.html).toContain(`visitor${index}@example.com`);
    expect(leads.map((l) => l.notification)).toEqual([
      "emailed",
      "emailed",
      "in_digest",
      "in_digest",
      "in_digest",
    ]);
  });

  it("escapes HTML special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
