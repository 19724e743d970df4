// Intake as a bot would try it, through the project's migrations and functions: arrays of leads,
// one client sending too many, a 20,000-row body, a flood of notifications, a stranger reusing a
// prospect's e-mail; and the newsletter's double opt-in. Visitors are told apart by the client
// address the stack passes to SQL as CF-Connecting-IP (X-Forwarded-For from loopback).
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeClient } from "../../../scripts/lib/node-supabase-client.ts";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import { brand } from "../../../shared/site.ts";
import { connectingAddress, type AppContext } from "../../local/src/app-env.ts";
import type { OutboxEntry } from "../../local/src/outbox.ts";
import type { TestStack } from "../../local/__tests__/helpers.ts";
import { visitorAddress, visitorLead } from "../leads.ts";
import { BACKEND, ms, runMarker, startProjectStack, suiteFigures } from "./support.ts";

let stack: TestStack;
let service: SupabaseClient;
const marker = runMarker("intake");
let sequence = 0;
const email = (label: string) => `${marker}-${label}-${sequence++}@example.com`;
const { figures, figure } = suiteFigures("intake");

/** A visitor: the site's client, calling from its own address. */
const visitor = (address = visitorAddress()) =>
  createNodeClient(stack.url, stack.publishableKey, { headers: { "x-forwarded-for": address } });

async function storedWith(column: string, pattern: string): Promise<number> {
  const { count, error } = await service
    .from("leads")
    .select("id", { count: "exact", head: true })
    .like(column, pattern);
  expect(error).toBeNull();
  return count ?? 0;
}

async function outbox(): Promise<OutboxEntry[]> {
  const response = await fetch(`${stack.url}/__local/outbox`, {
    headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as OutboxEntry[];
}

async function limitOf(name: string): Promise<number> {
  const { data, error } = await service
    .from("intake_limits")
    .select("max_count")
    .eq("name", name)
    .single();
  expect(error).toBeNull();
  return data!.max_count as number;
}

beforeAll(async () => {
  stack = await startProjectStack({ seedFile: null });
  service = stack.secret;
});

afterAll(async () => {
  recordFigures("intake", BACKEND, figures);
  await stack?.close();
});

describe(`lead intake (${BACKEND})`, () => {
  it("refuses an array of leads with 400 before storing any", async () => {
    const company = `${marker}-array`;
    const leads = [1, 2, 3].map(() => visitorLead(email("array"), { company }));
    const { error, status } = await visitor().from("leads").insert(leads);
    const stored = await storedWith("company", company);
    figure(
      "an array of 3 leads in one request",
      `HTTP ${status} ${error?.code}: "${error?.message}", ${stored} stored`,
      status === 400 && stored === 0,
    );
    expect(status).toBe(400);
    expect(error?.code).toBe("PT400");
    expect(error?.message).toBe("Send one lead per request.");
    expect(stored).toBe(0);

    const single = await visitor()
      .from("leads")
      .insert(visitorLead(email("single"), { company }));
    expect(single.status).toBe(201);
  });

  it("refuses a 20,000-row body in under a second while other visitors are served", async () => {
    const company = `${marker}-huge`;
    const rows = Array.from({ length: 20_000 }, (_, index) =>
      visitorLead(`${marker}-huge-${index}@example.com`, { company }),
    );
    const body = JSON.stringify(rows);
    const started = performance.now();
    const huge = fetch(`${stack.url}/rest/v1/leads`, {
      method: "POST",
      headers: {
        apikey: stack.publishableKey,
        "Content-Type": "application/json",
        "X-Forwarded-For": visitorAddress(),
      },
      body,
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { code?: string },
      ms: performance.now() - started,
    }));
    const others = Array.from({ length: 10 }, () =>
      visitor()
        .from("leads")
        .insert(visitorLead(email("beside-huge"), { company: `${company}-others` })),
    );
    const [refusal, ...served] = await Promise.all([huge, ...others]);
    const stored = await storedWith("company", company);
    const servedCount = served.filter((answer) => answer.status === 201).length;
    figure(
      "a 20,000-row request",
      `HTTP ${refusal.status} ${refusal.body.code} in ${ms(refusal.ms)}, ${stored} stored; ${servedCount}/10 other visitors served meanwhile`,
      refusal.status === 400 && refusal.ms < 1000 && stored === 0 && servedCount === 10,
    );
    expect(refusal.status).toBe(400);
    expect(refusal.body.code).toBe("PT400");
    expect(refusal.ms).toBeLessThan(1000);
    expect(stored).toBe(0);
    expect(servedCount).toBe(10);
  });

  it("stores exactly the limit from one client sending 50 leads, then answers 429", async () => {
    const limit = await limitOf("leads_per_address");
    const company = `${marker}-one-client`;
    const client = visitor();
    const statuses: number[] = [];
    for (let index = 0; index < 50; index++) {
      const { status, error } = await client
        .from("leads")
        .insert(visitorLead(email("one-client"), { company }));
      statuses.push(status);
      if (status === 429) expect(error?.code).toBe("PT429");
    }
    const stored = await storedWith("company", company);
    const accepted = statuses.filter((status) => status === 201).length;
    const refused = statuses.filter((status) => status === 429).length;
    figure(
      "one client address sending 50 leads",
      `${accepted} accepted, then ${refused} × HTTP 429; ${stored} stored (limit ${limit} per hour)`,
      accepted === limit && refused === 50 - limit && stored === limit,
    );
    expect(statuses.slice(0, limit).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    expect(stored).toBe(limit);

    // Another visitor is not affected.
    const other = await visitor()
      .from("leads")
      .insert(visitorLead(email("next-door")));
    expect(other.status).toBe(201);
  });

  it("stores a repeated e-mail as a repeat of the first lead and does not notify it again", async () => {
    const address = email("repeat");
    const first = visitorLead(address, { name: "Grace Hopper", company: `${marker}-repeat` });
    for (const lead of [first, first, { ...first, email: address.toUpperCase() }]) {
      const client = visitor();
      expect((await client.from("leads").insert(lead)).status).toBe(201);
      const { error } = await client.functions.invoke("send-lead-notification", {
        body: { ...lead, phone: null },
      });
      expect(error).toBeNull();
    }
    // Decided and sent after the function's answers.
    const stored = async () =>
      (
        await service
          .from("leads")
          .select("id, repeat_of, notification, notified_at")
          .ilike("email", address)
          .order("created_at")
      ).data!;
    // The function decides after it has answered: on a loaded machine that takes over
    // expect.poll's default second.
    const settling = { timeout: 10_000 };
    await expect
      .poll(
        async () => (await stored()).filter((lead) => lead.notification === "pending").length,
        settling,
      )
      .toBe(0);
    await expect.poll(async () => (await stored())[0]!.notified_at, settling).not.toBeNull();
    const data = (await stored()).map(({ notified_at: _, ...lead }) => lead);
    const [original, ...repeats] = data;
    const mails = (await outbox()).filter((mail) => mail.replyTo?.toLowerCase() === address);
    figure(
      "the same e-mail sent 3 times by different visitors",
      `3 stored, ${repeats.filter((lead) => lead.repeat_of === original!.id).length} marked as repeats, ${mails.length} e-mail`,
      data!.length === 3 &&
        repeats.every((lead) => lead.repeat_of === original!.id) &&
        mails.length === 1,
    );
    expect(data).toHaveLength(3);
    expect(original).toMatchObject({ repeat_of: null, notification: "emailed" });
    for (const repeat of repeats) {
      expect(repeat).toMatchObject({ repeat_of: original!.id, notification: "repeat" });
    }
    expect(mails).toHaveLength(1);
  });
});

describe(`the client address a limit counts (${BACKEND})`, () => {
  /** What private.client_address() makes of a CF-Connecting-IP value. */
  async function countedAs(reported: string | null): Promise<string | null> {
    const headers = reported === null ? {} : { "cf-connecting-ip": reported };
    const { rows } = await stack.db.transaction(
      { settings: { "request.headers": JSON.stringify(headers) } },
      (transaction) =>
        transaction.query<{ address: string | null }>(
          "select pg_catalog.abbrev(private.client_address()) as address",
        ),
    );
    return rows[0]!.address;
  }

  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["::ffff:0.0.0.1", "0.0.0.1"],
    ["2001:db8:a:b:1:2:3:4", "2001:db8:a:b::/64"],
    ["::1", "::/64"],
    ["::ffff:0:203.0.113.7", "::/64"],
    ["not an address", null],
    [null, null],
  ])("counts %j as %j", async (reported, counted) => {
    expect(await countedAs(reported)).toBe(counted);
  });

  it("is reported by the stack as Cloudflare reports it: IPv4 without the IPv6 mapping", () => {
    const fromSocket = (remoteAddress: string, forwardedFor?: string) =>
      connectingAddress({
        env: { incoming: { socket: { remoteAddress } } },
        req: { header: () => forwardedFor },
      } as unknown as AppContext);
    expect(fromSocket("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(fromSocket("2001:db8::7")).toBe("2001:db8::7");
    expect(fromSocket("::ffff:127.0.0.1", "203.0.113.9")).toBe("203.0.113.9");
  });

  it("shares one allowance per IPv4 address, mapped or not, and per IPv6 /64", async () => {
    const company = `${marker}-addresses`;
    const limit = await limitOf("leads_per_address");
    const { error } = await service
      .from("intake_limits")
      .update({ max_count: 1 })
      .eq("name", "leads_per_address");
    expect(error).toBeNull();
    try {
      const statuses: Record<string, number> = {};
      for (const address of [
        "198.51.100.20",
        "::ffff:198.51.100.20",
        "::ffff:198.51.100.21",
        "198.51.100.21",
        "198.51.100.22",
        "2001:db8:a:b::1",
        "2001:db8:a:b:ffff::2",
        "2001:db8:a:c::1",
      ]) {
        const { status } = await visitor(address)
          .from("leads")
          .insert(visitorLead(email("address"), { company }));
        statuses[address] = status;
      }
      expect(statuses).toEqual({
        "198.51.100.20": 201,
        "::ffff:198.51.100.20": 429,
        "::ffff:198.51.100.21": 201,
        "198.51.100.21": 429,
        "198.51.100.22": 201,
        "2001:db8:a:b::1": 201,
        "2001:db8:a:b:ffff::2": 429,
        "2001:db8:a:c::1": 201,
      });
      expect(await storedWith("company", company)).toBe(5);
    } finally {
      await service
        .from("intake_limits")
        .update({ max_count: limit })
        .eq("name", "leads_per_address");
    }
  });
});

describe(`newsletter double opt-in (${BACKEND})`, () => {
  async function signUp(address: string, language = "en") {
    const response = await fetch(`${stack.url}/rest/v1/rpc/newsletter_subscribe`, {
      method: "POST",
      headers: {
        apikey: stack.publishableKey,
        "Content-Type": "application/json",
        "X-Forwarded-For": visitorAddress(),
      },
      body: JSON.stringify({ email: address, language }),
    });
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !["date", "content-length"].includes(name)),
    );
    return { status: response.status, headers, body: await response.text() };
  }

  async function requestConfirmation(address: string) {
    const { data, error } = await visitor().functions.invoke("newsletter/confirmation", {
      body: { email: address },
    });
    expect(error).toBeNull();
    return data as unknown;
  }

  /** The mail to an address, once the function has sent it (after its answer). */
  async function mailsTo(address: string): Promise<OutboxEntry[]> {
    const to = async () => (await outbox()).filter((mail) => mail.to.includes(address));
    await expect.poll(async () => (await to()).length).toBeGreaterThan(0);
    return to();
  }

  const linkIn = (mail: OutboxEntry, path: string) =>
    new URL(
      /href="([^"]+)"/g
        .exec(mail.html!.slice(mail.html!.indexOf(path) - 200))![1]!
        .replaceAll("&amp;", "&"),
    );

  it("answers a sign-up identically whether or not the address is known", async () => {
    const known = email("known");
    await signUp(known);
    await requestConfirmation(known);
    const answers = [await signUp(known), await signUp(email("new"))];
    const confirmations = [
      await requestConfirmation(known),
      await requestConfirmation(email("new2")),
    ];
    figure(
      "a sign-up for a known and for a new address",
      `HTTP ${answers.map((answer) => answer.status).join(" / ")}, bodies ${answers.map((answer) => JSON.stringify(answer.body)).join(" / ")}, headers ${JSON.stringify(answers[0]!.headers) === JSON.stringify(answers[1]!.headers) ? "identical" : "different"}`,
      JSON.stringify(answers[0]) === JSON.stringify(answers[1]) &&
        JSON.stringify(confirmations[0]) === JSON.stringify(confirmations[1]),
    );
    expect(answers[0]).toEqual(answers[1]);
    // PostgREST answers a void function 200 or 204 depending on its version; always the same here.
    expect([200, 204]).toContain(answers[0]!.status);
    expect(confirmations[0]).toEqual(confirmations[1]);
  });

  it("refuses visitors' direct writes to the subscriber list", async () => {
    const { status } = await visitor()
      .from("newsletter_subscribers")
      .insert([
        { email: email("direct"), language: "en" },
        { email: email("direct"), language: "en" },
      ]);
    expect(status).toBe(401);
  });

  for (const language of ["en", "fr"] as const) {
    it(`confirms and unsubscribes in ${language}, one confirmation e-mail a day, a single-use confirmation link`, async () => {
      const address = email(`opt-in-${language}`);
      await signUp(address, language);
      await requestConfirmation(address);
      await signUp(address, language);
      await requestConfirmation(address);
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe(
        language === "en"
          ? `Confirm your subscription to the ${brand.name} newsletter`
          : `Confirmez votre abonnement à la newsletter ${brand.name}`,
      );
      const confirmPath = language === "en" ? "/newsletter/confirm" : "/fr/newsletter/confirmer";
      const unsubscribePath =
        language === "en" ? "/newsletter/unsubscribe" : "/fr/newsletter/desinscription";
      const confirmLink = linkIn(mail, "display:inline-block");
      expect(confirmLink.pathname).toBe(confirmPath);
      const token = confirmLink.searchParams.get("token")!;
      expect(token).toMatch(/^[0-9a-f]{64}$/);

      const anonymous = visitor();
      const status = async () =>
        (
          await service
            .from("newsletter_subscribers")
            .select("status")
            .eq("email", address)
            .single()
        ).data!.status as string;
      expect(await status()).toBe("pending");
      expect((await anonymous.rpc("confirm_newsletter_subscription", { token })).data).toBe(true);
      expect(await status()).toBe("confirmed");
      expect((await anonymous.rpc("confirm_newsletter_subscription", { token })).data).toBe(false);

      const unsubscribeLink = new URL(
        /<a href="([^"]+)">[^<]+<\/a><\/p><\/body>/.exec(mail.html!)![1]!.replaceAll("&amp;", "&"),
      );
      expect(unsubscribeLink.pathname).toBe(unsubscribePath);
      const oneClick = /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
      expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(new URL(oneClick).searchParams.get("token")).toBe(
        unsubscribeLink.searchParams.get("token"),
      );
      // As a mail app sends it: no key, a form body.
      const post = () =>
        fetch(oneClick, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
      const unsubscribed = await post();
      expect(unsubscribed.status, await unsubscribed.clone().text()).toBe(200);
      expect(await status()).toBe("unsubscribed");
      // A second click (the page after the mail app's POST) still reads "unsubscribed".
      expect((await post()).status).toBe(200);
      const { data: page } = await anonymous.rpc("unsubscribe_from_newsletter", {
        token: unsubscribeLink.searchParams.get("token")!,
      });
      expect(page).toBe(true);
      expect(await status()).toBe("unsubscribed");
    });
  }

  it("unsubscribing before confirming makes the confirmation link stop working", async () => {
    const address = email("unsubscribe-first");
    await signUp(address, "en");
    await requestConfirmation(address);
    const [mail] = (await mailsTo(address)) as [OutboxEntry];
    const confirmToken = linkIn(mail, "display:inline-block").searchParams.get("token")!;
    const unsubscribeToken = new URL(
      /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!,
    ).searchParams.get("token")!;
    const anonymous = visitor();
    expect(
      (await anonymous.rpc("unsubscribe_from_newsletter", { token: unsubscribeToken })).data,
    ).toBe(true);
    expect(
      (await anonymous.rpc("confirm_newsletter_subscription", { token: confirmToken })).data,
    ).toBe(false);
  });

  it("refuses a guessed or missing token", async () => {
    const anonymous = visitor();
    for (const token of ["", "0".repeat(64), "' or true --"]) {
      expect((await anonymous.rpc("confirm_newsletter_subscription", { token })).data).toBe(false);
      expect((await anonymous.rpc("unsubscribe_from_newsletter", { token })).data).toBe(false);
    }
  });
});
