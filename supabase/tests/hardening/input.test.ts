// Hostile and bad input through the API, as any visitor can send it with the public anon key:
// every bad lead or sign-up gets a clear 4xx (status and code checked) and leaves the table as it
// was; valid but unusual text (emoji, right-to-left scripts, SQL meta-characters) is stored
// exactly as sent, but for a lead's bidi controls, which are taken out (the lead is still
// stored). The notification function gets the same treatment.
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import type { TestStack } from "../../local/__tests__/helpers.ts";
import { createNodeClient } from "../../../scripts/lib/node-supabase-client.ts";
import { fetchAsNewVisitors, visitorLead, type LeadRow } from "../leads.ts";
import { BACKEND, runMarker, startProjectStack, suiteFigures } from "./support.ts";

type Table = "leads" | "newsletter_subscribers";

interface BadCase {
  table: Table;
  kind: string;
  label: string;
  body: unknown;
  status: number;
  code: string;
}

interface Decision {
  label: string;
  status: number;
  code: string | undefined;
  stored: number;
  right: boolean;
}

let stack: TestStack;
let anon: SupabaseClient;
let service: SupabaseClient;
const marker = runMarker("input");
let seq = 0;
const email = (label = "lead") => `${marker}-${label}-${seq++}@example.com`;
const lead = (overrides: Partial<Record<keyof LeadRow, unknown>> = {}) =>
  visitorLead(email(), overrides as Partial<LeadRow>);

const decisions: Decision[] = [];
const roundTrips: { label: string; exact: boolean }[] = [];
const { figures, figure } = suiteFigures("input");

beforeAll(async () => {
  stack = await startProjectStack({ seedFile: null });
  // Each request another visitor: the per-address limits have their own suite (intake.test.ts).
  anon = createNodeClient(stack.url, stack.anonKey, { fetch: fetchAsNewVisitors });
  service = stack.service;
});

afterAll(async () => {
  const cases = decisions.length;
  const refused = decisions.filter((d) => d.status >= 400 && d.status < 500).length;
  const halfStored = decisions.filter((d) => d.stored !== 0).length;
  const wrong = decisions.filter((d) => !d.right);
  const per = (prefix: string) => decisions.filter((d) => d.label.startsWith(prefix)).length;
  const inexact = roundTrips.filter((r) => !r.exact);
  figures.unshift(
    {
      area: "input",
      check:
        "bad input cases (oversized, invalid e-mail, control characters, wrong JSON types, unknown columns, fields anon must not set, one row per request)",
      backend: BACKEND,
      value: `${cases} cases (leads ${per("leads")}, sign-ups ${per("newsletter_subscribers")}, notification function ${per("send-lead-notification")}), ${refused} refused with 4xx, ${wrong.length} with another status or code${wrong.length ? `: ${wrong.map((d) => `${d.label} -> ${d.status} ${d.code}`).join("; ")}` : ""}`,
      ok: cases > 0 && refused === cases && wrong.length === 0,
    },
    {
      area: "input",
      check: "stored half-way",
      backend: BACKEND,
      value: String(halfStored),
      ok: cases > 0 && halfStored === 0,
    },
    {
      area: "input",
      check: "valid unusual text round-trips exactly",
      backend: BACKEND,
      value: `${roundTrips.length - inexact.length}/${roundTrips.length} exact (${roundTrips.map((r) => r.label).join(", ")})${inexact.length ? `; NOT exact: ${inexact.map((r) => r.label).join(", ")}` : ""}`,
      ok: roundTrips.length > 0 && inexact.length === 0,
    },
  );
  recordFigures("input", BACKEND, figures);
  await stack?.close();
});

async function rowCount(table: Table): Promise<number> {
  const { count, error } = await service.from(table).select("id", { count: "exact", head: true });
  expect(error).toBeNull();
  return count!;
}

/** Sends one bad insert and records whether it was refused as expected, with nothing stored. */
async function refuse(c: BadCase): Promise<Decision> {
  const before = await rowCount(c.table);
  // Visitors sign up through newsletter_subscribe(); the table takes no insert from them.
  const { error, status } =
    c.table === "leads"
      ? await anon.from(c.table).insert(c.body as never)
      : await anon.rpc("newsletter_subscribe", c.body as never);
  const stored = (await rowCount(c.table)) - before;
  const decision = {
    label: `${c.table}: ${c.label}`,
    status,
    code: error?.code,
    stored,
    right: status === c.status && error?.code === c.code && stored === 0,
  };
  decisions.push(decision);
  return decision;
}

const OVERSIZED: [string, number][] = [
  ["name", 200],
  ["email", 320],
  ["phone", 50],
  ["company", 200],
  ["website", 500],
  ["budget", 100],
  ["message", 5000],
];

const INVALID_EMAILS = [
  "not-an-email",
  "ada@example",
  "@example.com",
  "ada@",
  "ada lovelace@example.com",
  "ada@@example.com",
  "ada@exa mple.com",
  "<ada@example.com>",
  '"ada"@example.com',
  "ada@example.com, eve@example.com",
  "",
];

function badLeads(): BadCase[] {
  const cases: BadCase[] = [];
  const add = (kind: string, label: string, body: unknown, status: number, code: string) =>
    cases.push({ table: "leads", kind, label, body, status, code });

  for (const [field, max] of OVERSIZED) {
    const value =
      field === "email"
        ? `${"a".repeat(max - "@example.com".length + 1)}@example.com`
        : "x".repeat(max + 1);
    add("oversized", `${field} of ${max + 1} characters`, lead({ [field]: value }), 400, "23514");
  }
  add("oversized", "message of 1 MB", lead({ message: "x".repeat(1_000_000) }), 400, "23514");

  for (const bad of INVALID_EMAILS)
    add("invalid e-mail", `e-mail ${JSON.stringify(bad)}`, visitorLead(bad), 400, "23514");

  for (const [field, value] of [
    ["name", "Ada\u0007Lovelace"],
    ["name", "Ada\nLovelace"],
    ["email", "ada\t@example.com"],
    ["company", "Apps\u001b[31m"],
    ["phone", "+33\r1 23"],
    ["website", "https://example.com/\u007f"],
    ["budget", "10k\u0000"],
    ["message", "Hello\u0008 there"],
  ] as const) {
    // NUL cannot be stored in text at all: PostgreSQL refuses the JSON escape itself.
    const code = value.includes("\u0000") ? "22P05" : "23514";
    add(
      "control characters",
      `${field} with ${JSON.stringify(value)}`,
      lead({ [field]: value }),
      400,
      code,
    );
  }
  add(
    "control characters",
    "name with a lone surrogate",
    lead({ name: "Ada \ud800" }),
    400,
    "22P02",
  );

  add("wrong JSON type", "name null", lead({ name: null }), 400, "23502");
  add("wrong JSON type", "e-mail missing", { name: "Ada", source: "contact" }, 400, "23502");
  add("wrong JSON type", "e-mail as an array", lead({ email: [email()] }), 400, "23514");
  add(
    "wrong JSON type",
    "e-mail as an object",
    lead({ email: { address: email() } }),
    400,
    "23514",
  );
  add("wrong JSON type", "source as a boolean", lead({ source: true }), 400, "23514");
  add("wrong JSON type", "language as a number", lead({ language: 1 }), 400, "23514");
  add("wrong JSON type", "language as an array", lead({ language: ["en"] }), 400, "23514");
  add("wrong JSON type", "body a JSON string", "a lead", 400, "PGRST102");
  add("wrong JSON type", "body a JSON number", 42, 400, "PGRST102");
  add("wrong JSON type", "body an array of arrays", [[lead()]], 400, "PGRST102");

  add("unknown column", "is_admin", { ...lead(), is_admin: true }, 400, "PGRST204");
  add(
    "unknown column",
    "a column name with SQL",
    { ...lead(), 'name"; drop table leads; --': "x" },
    400,
    "PGRST204",
  );

  for (const [field, value] of [
    ["status", "qualified"],
    ["id", "00000000-0000-4000-8000-000000000000"],
    ["created_at", "2020-01-01T00:00:00Z"],
    ["notified_at", "2020-01-01T00:00:00Z"],
  ] as const)
    add("field anon must not set", field, lead({ [field]: value }), 401, "42501");

  add(
    "all or nothing",
    "a valid lead and an invalid one in one request",
    [lead(), lead({ email: "broken" })],
    400,
    "PT400",
  );
  return cases;
}

function badSignUps(): BadCase[] {
  const cases: BadCase[] = [];
  const add = (kind: string, label: string, body: unknown, status: number, code: string) =>
    cases.push({ table: "newsletter_subscribers", kind, label, body, status, code });
  const signUp = (overrides: Record<string, unknown> = {}) => ({
    email: email("news"),
    language: "en",
    ...overrides,
  });

  add(
    "oversized",
    "e-mail of 321 characters",
    signUp({ email: `${"a".repeat(309)}@example.com` }),
    400,
    "23514",
  );
  for (const bad of INVALID_EMAILS)
    add("invalid e-mail", `e-mail ${JSON.stringify(bad)}`, signUp({ email: bad }), 400, "23514");
  add(
    "control characters",
    "e-mail with a line feed",
    signUp({ email: "ada@example.com\n" }),
    400,
    "23514",
  );
  add(
    "control characters",
    "e-mail with NUL",
    signUp({ email: "ada\u0000@example.com" }),
    400,
    "22P05",
  );
  add("wrong JSON type", "e-mail null", signUp({ email: null }), 400, "23502");
  add("wrong JSON type", "e-mail as an array", signUp({ email: [email("news")] }), 400, "23514");
  add("wrong JSON type", "language as a number", signUp({ language: 2 }), 400, "23514");
  add("wrong JSON type", "language 'de'", signUp({ language: "de" }), 400, "23514");
  add("wrong JSON type", "body a JSON string", "ada@example.com", 400, "PGRST102");
  // newsletter_subscribe(email, language) takes nothing else: no such function.
  add("unknown argument", "name", signUp({ name: "Ada" }), 404, "PGRST202");
  add(
    "field anon must not set",
    "id",
    signUp({ id: "00000000-0000-4000-8000-000000000000" }),
    404,
    "PGRST202",
  );
  add("field anon must not set", "status", signUp({ status: "confirmed" }), 404, "PGRST202");
  add(
    "one per request",
    "two sign-ups in one request",
    [signUp(), signUp({ email: "x" })],
    400,
    "PGRST102",
  );
  return cases;
}

describe(`bad leads and sign-ups through the API (${BACKEND})`, () => {
  it("refuses every bad lead with a 4xx and its code, storing nothing", async () => {
    const cases = badLeads();
    const results = [];
    for (const c of cases) results.push(await refuse(c));
    expect(results.filter((r) => !r.right)).toEqual([]);
  });

  it("refuses every bad newsletter sign-up with a 4xx and its code, storing nothing", async () => {
    const cases = badSignUps();
    const results = [];
    for (const c of cases) results.push(await refuse(c));
    expect(results.filter((r) => !r.right)).toEqual([]);
  });

  it("stores a sixth lead for one e-mail address within the hour, as a repeat", async () => {
    const address = email("repeat");
    for (let i = 0; i < 5; i++) {
      const { error } = await anon.from("leads").insert(visitorLead(address));
      expect(error, `lead ${i + 1}`).toBeNull();
    }
    // A stranger may reuse a prospect's address; the prospect's own lead must still get in.
    const sixth = await anon.from("leads").insert(visitorLead(address.toUpperCase()));
    const { data } = await service
      .from("leads")
      .select("repeat_of")
      .ilike("email", address)
      .order("created_at");
    const right =
      sixth.status === 201 && data!.length === 6 && data!.slice(1).every((row) => row.repeat_of);
    roundTrips.push({
      label: "a sixth lead for one e-mail address stored as a repeat",
      exact: right,
    });
    expect(sixth.status).toBe(201);
    expect(data).toHaveLength(6);
    expect(data![0]!.repeat_of).toBeNull();
    expect(data!.slice(1).every((row) => row.repeat_of !== null)).toBe(true);
  });

  it("refuses an anon upsert (it would need update rights)", async () => {
    const before = await rowCount("leads");
    const { error, status } = await anon.from("leads").upsert(lead());
    const stored = (await rowCount("leads")) - before;
    decisions.push({
      label: "leads: upsert",
      status,
      code: error?.code,
      stored,
      right: status === 401 && error?.code === "42501" && stored === 0,
    });
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
    expect(stored).toBe(0);
  });
});

describe(`valid but unusual text round-trips exactly (${BACKEND})`, () => {
  const VALID: [string, Partial<LeadRow>][] = [
    [
      "emoji",
      {
        name: "Zoë 👩🏽‍💻 Ng",
        company: "🚀 Rocket Apps 🇫🇷",
        budget: "€10k–€50k 💶",
        message: "Hi! 👋🏾\nWe ship 📱 apps.\tThanks 🙏",
      },
    ],
    [
      "right-to-left text",
      {
        name: "مريم الحسن",
        company: "שלום בע״מ",
        website: "https://example.com/عربي",
        message: "مرحبا، نريد تطبيقًا. שלום 123 abc.",
        language: "fr",
      },
    ],
    [
      "SQL meta-characters",
      {
        name: "Robert'); DROP TABLE leads;--",
        company: '"; select pg_sleep(10); --',
        phone: "' OR '1'='1",
        budget: "100% _under_ $5k \\",
        message:
          "/* comment */ $$ $1 E'\\x00' %s %% \\\\ '' \" ; -- union select * from auth.users",
      },
    ],
  ];

  for (const [label, fields] of VALID) {
    it(`stores ${label} exactly as sent`, async () => {
      const row = visitorLead(`${marker}-valid-${seq++}@example.com`, fields);
      const { error, status } = await anon.from("leads").insert(row);
      const { data } = await service
        .from("leads")
        .select("name, email, phone, company, website, budget, message, source, language")
        .eq("email", row.email);
      const exact =
        status === 201 && data?.length === 1 && JSON.stringify(data[0]) === JSON.stringify(row);
      roundTrips.push({ label, exact });
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual([row]);
    });
  }

  it("stores a lead without its bidi controls, never refusing it", async () => {
    // "Eve\u202Egnp.exe" would show as "Eveexe.png" in the staff lists.
    const row = visitorLead(`${marker}-bidi-${seq++}@example.com`, {
      name: "Eve\u202Egnp.exe",
      company: "\u2067שלום\u2069 Apps\u200F",
      message: "\u202Bمرحبا\u202C 123\u061C\u200E\u202A\u202D\u2066\u2068.",
    });
    const { error, status } = await anon.from("leads").insert(row);
    const { data } = await service
      .from("leads")
      .select("name, company, message")
      .eq("email", row.email);
    const expected = { name: "Evegnp.exe", company: "שלום Apps", message: "مرحبا 123." };
    roundTrips.push({
      label: "a lead's bidi controls stripped, the lead stored",
      exact: status === 201 && JSON.stringify(data) === JSON.stringify([expected]),
    });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([expected]);
  });

  it("stores unusual but valid newsletter addresses exactly, once", async () => {
    const addresses = [
      `o'neil+news-${seq++}@example.com`,
      `zoë.${seq++}@exämple.fr`,
      `${marker}-${seq++}%_x@example.com`,
    ];
    const results = [];
    for (const address of addresses) {
      const row = { email: address, language: "fr" };
      const first = await anon.rpc("newsletter_subscribe", row);
      const again = await anon.rpc("newsletter_subscribe", row);
      const { data } = await service
        .from("newsletter_subscribers")
        .select("email, language")
        .eq("email", address);
      results.push({ address, first: first.status, again: again.status, data });
    }
    const exact = results.every(
      (r) =>
        r.first < 300 &&
        r.again === r.first &&
        JSON.stringify(r.data) === JSON.stringify([{ email: r.address, language: "fr" }]),
    );
    roundTrips.push({ label: "newsletter addresses with ', + , %, _ and IDN", exact });
    for (const r of results) {
      expect(r.first).toBeLessThan(300);
      expect(r.again).toBe(r.first);
      expect(r.data).toEqual([{ email: r.address, language: "fr" }]);
    }
  });

  it("free-text fields given a JSON number, boolean or object store its JSON text, as hosted PostgREST does", async () => {
    const row = lead({ name: 42, company: true, budget: { min: 10 } });
    const { status } = await anon.from("leads").insert(row);
    const { data } = await service
      .from("leads")
      .select("name, company, budget")
      .eq("email", row.email);
    const expected = [{ name: "42", company: "true", budget: '{"min":10}' }];
    const same = status === 201 && JSON.stringify(data) === JSON.stringify(expected);
    figure(
      "leads: JSON number/boolean/object in a text field",
      same
        ? "stored as its JSON text (PostgREST's coercion), checked like any text"
        : `status ${status}, ${JSON.stringify(data)}`,
      same,
    );
    expect(status).toBe(201);
    expect(data).toEqual(expected);
  });

  it("the table is still there after the SQL meta-characters", async () => {
    const { error } = await service.from("leads").select("id", { count: "exact", head: true });
    expect(error).toBeNull();
  });
});

describe(`bad notification requests (${BACKEND})`, () => {
  async function outboxSize(): Promise<number> {
    const res = await fetch(`${stack.url}/__local/outbox`, {
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    return ((await res.json()) as unknown[]).length;
  }

  // A lead that was never stored is no bad input: it is answered as every lead is
  // (oracles.test.ts).
  it("refuses them with 400 and sends nothing", async () => {
    const stored = lead();
    expect((await anon.from("leads").insert(stored)).error).toBeNull();
    const { name, email: address, source } = stored;
    const cases: [string, unknown, number, RegExp][] = [
      ["body a JSON array", [{ name, email: address, source }], 400, /JSON object/],
      ["name as a number", { name: 42, email: address, source }, 400, /Invalid lead/],
      ["oversized name", { name: "x".repeat(201), email: address, source }, 400, /Invalid lead/],
      [
        "control characters in the name",
        { name: "Ada\u0007", email: address, source },
        400,
        /Invalid lead/,
      ],
      ["unknown source", { name, email: address, source: "elsewhere" }, 400, /Invalid lead/],
    ];
    let sent = 0;
    for (const [label, body, expectedStatus, message] of cases) {
      const before = await outboxSize();
      const { error, response: answer } = await anon.functions.invoke("send-lead-notification", {
        body: body as never,
      });
      const response = error instanceof FunctionsHttpError ? (error.context as Response) : null;
      const status = answer?.status ?? 0;
      const text = response ? (((await response.json()) as { error?: string }).error ?? "") : "";
      const mailed = (await outboxSize()) - before;
      sent += mailed;
      decisions.push({
        label: `send-lead-notification: ${label}`,
        status,
        code: text,
        stored: mailed,
        right: status === expectedStatus && message.test(text) && mailed === 0,
      });
    }
    const { data } = await service.from("leads").select("notified_at").eq("email", address);
    const wrong = decisions.filter((d) => d.label.startsWith("send-lead-notification") && !d.right);
    expect(wrong).toEqual([]);
    expect(sent).toBe(0);
    expect(data).toEqual([{ notified_at: null }]);
  });
});
