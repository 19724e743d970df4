// Hostile query strings through /rest/v1, as anyone holding the publishable key can send them:
// casts that carry SQL, values that look quoted, malformed percent-escapes and junk. Each is
// refused with PostgREST's 400 PGRST100 (never a 500, never JavaScript's words) or answered as
// PostgREST answers it, and no answer ever holds a row that grants or policies keep from anon.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import type { TestStack } from "../../local/__tests__/helpers.ts";
import { visitorLead } from "../leads.ts";
import { JAVASCRIPT_TEXT, rawRequest, type RawAnswer } from "./rest-support.ts";
import { BACKEND, runMarker, startProjectStack, suiteFigures } from "./support.ts";

const FIXTURE = `
create table public.hardening_values (id int primary key, value text not null);
alter table public.hardening_values enable row level security;
create policy "hardening_values: anyone reads" on public.hardening_values for select
  to anon, authenticated using (true);
revoke all on public.hardening_values from anon, authenticated;
grant select on public.hardening_values to anon, authenticated;
insert into public.hardening_values values (1, '"x"'), (2, 'x'), (3, 'a,b'), (4, 'c'),
  (5, 'a.b'), (6, 'f(x)'), (7, 'say "hi"'), (8, 'back\\slash'), (9, '{a,b}');
create function public.hardening_values_all() returns setof public.hardening_values
  language sql stable as $$ select * from public.hardening_values order by id $$;
`;

let stack: TestStack;
const marker = runMarker("rest-strict");
/** Text that only a forbidden row could bring: pg_roles names, the staff user, a lead, a draft. */
const sentinels: string[] = ["encrypted_password", "$2a$", "$2b$"];
const { figures, figure } = suiteFigures("input");

interface Outcome {
  label: string;
  answer: RawAnswer;
  right: boolean;
}
const outcomes = new Map<string, Outcome[]>();

const leaks = (answer: RawAnswer) => sentinels.filter((text) => answer.text.includes(text));

/** Sends one request as anon and records whether it got `expected`, clean and leak-free. */
async function check(
  group: string,
  label: string,
  path: string,
  expected: (a: RawAnswer) => boolean,
) {
  const answer = await rawRequest(stack, path);
  const clean =
    leaks(answer).length === 0 &&
    !JAVASCRIPT_TEXT.test(answer.text) &&
    answer.status < 500 &&
    (answer.contentType ?? "").startsWith("application/json");
  const right = clean && expected(answer);
  outcomes.set(group, [...(outcomes.get(group) ?? []), { label, answer, right }]);
  return { answer, right };
}

const parseError = (a: RawAnswer) => a.status === 400 && a.code === "PGRST100";
const refused = (a: RawAnswer) => a.status === 400;
const ids = (a: RawAnswer) => (a.json as { id: number }[]).map((row) => row.id);
const rows = (expected: unknown) => (a: RawAnswer) =>
  a.status === 200 && JSON.stringify(a.json) === JSON.stringify(expected);
const idsAre = (expected: number[]) => (a: RawAnswer) =>
  a.status === 200 && JSON.stringify(ids(a)) === JSON.stringify(expected);

beforeAll(async () => {
  stack = await startProjectStack({ seedFile: null, extraSql: [FIXTURE] });
  const roles = await stack.db.query<{ rolname: string }>(
    "select rolname from pg_roles where rolname like 'pg\\_%'",
  );
  sentinels.push(...roles.rows.map((row) => row.rolname));
  const staffEmail = `${marker}-staff@appgrove.test`;
  const created = await stack.service.auth.admin.createUser({
    email: staffEmail,
    password: "a-long-staff-password",
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  sentinels.push(staffEmail, created.data.user!.id);
  const leadEmail = `${marker}-lead@example.com`;
  expect((await stack.service.from("leads").insert(visitorLead(leadEmail))).error).toBeNull();
  sentinels.push(leadEmail);
  const draft = `${marker} draft title`;
  const posts = await stack.service.from("blog_posts").insert([
    { title: draft, slug: `${marker}-draft`, status: "draft", language: "en" },
    { title: "Published", slug: `${marker}-published`, status: "published", language: "en" },
  ]);
  expect(posts.error).toBeNull();
  sentinels.push(draft);
});

afterAll(async () => {
  for (const [group, list] of outcomes) {
    const wrong = list.filter((outcome) => !outcome.right);
    const leaked = list.filter((outcome) => leaks(outcome.answer).length > 0);
    figure(
      `${group} (anon, raw HTTP)`,
      `${list.length - wrong.length}/${list.length} as PostgREST, ${leaked.length} leaked a forbidden row` +
        (wrong.length
          ? `; wrong: ${wrong.map((o) => `${o.label} -> ${o.answer.status} ${o.answer.code ?? ""}`).join("; ")}`
          : ""),
      list.length > 0 && wrong.length === 0,
    );
  }
  recordFigures("rest-strict", BACKEND, figures);
  await stack?.close();
});

const HOSTILE_CASTS: [string, string][] = [
  ["the union through a cast", "title::text from pg_roles title union all select title"],
  ["a semicolon", "title::text;select rolname from pg_roles"],
  ["a closing parenthesis", "title::text)"],
  ["a quoted type", 'title::"text"'],
  ["an array type", "title::int[]"],
  ["a schema-qualified type", "title::pg_catalog.text"],
  ["spaces around from", "title::text  from  pg_roles"],
  ["a comment", "title::text/**/from/**/pg_roles"],
  ["a line comment", "title::text--"],
  ["a cross join", "title::text cross join pg_class a cross join pg_class b"],
  ["a subquery item", "title,(select rolname from pg_roles)"],
  ["an alias and a union", "x:title::text union select rolname from pg_roles"],
  ["an empty type", "title::"],
  ["a type with parentheses", "title::varchar(3)"],
];

describe("casts in select", () => {
  for (const [label, select] of HOSTILE_CASTS) {
    it(`refuses ${label} with 400 PGRST100, quickly, reading nothing`, async () => {
      const path = `/rest/v1/blog_posts?select=${encodeURIComponent(select)}`;
      const { answer, right } = await check("hostile casts", label, path, parseError);
      expect(answer.message).toContain("failed to parse select parameter");
      expect(answer.milliseconds).toBeLessThan(2_000);
      expect(right).toBe(true);
    });
  }

  it("refuses the same in an rpc's select", async () => {
    const path = `/rest/v1/rpc/hardening_values_all?select=${encodeURIComponent("value::text from pg_roles value")}`;
    expect((await check("hostile casts", "rpc select", path, parseError)).right).toBe(true);
  });

  it("refuses a cast where PostgREST has none (order, a filter's column)", async () => {
    const order = await check(
      "hostile casts",
      "cast in order",
      "/rest/v1/blog_posts?order=title::text",
      parseError,
    );
    const filter = await check(
      "hostile casts",
      "cast in a filter column",
      "/rest/v1/blog_posts?title::text=eq.x",
      parseError,
    );
    expect([order.right, filter.right]).toEqual([true, true]);
  });

  it("through supabase-js too (which drops the spaces): the type does not exist", async () => {
    const { data, error, status } = await stack.publishable
      .from("blog_posts")
      .select("title::text from pg_roles title union all select title");
    expect(status).toBe(400);
    expect(data).toBeNull();
    expect(error?.code).toBe("42704");
  });

  const LEGITIMATE: [string, string, unknown][] = [
    ["text", "value::text&id=eq.2", [{ value: "x" }]],
    ["an alias and int", "n:id::int&id=eq.2", [{ n: 2 }]],
    ["SQL's integer spelling", "id::integer&id=eq.2", [{ id: 2 }]],
    ["upper case", "id::TEXT&id=eq.2", [{ id: "2" }]],
    ["double precision", "id::double precision&id=eq.2", [{ id: 2 }]],
    ["character varying", "id::character varying&id=eq.2", [{ id: "2" }]],
    ["numeric", "id::numeric&id=eq.2", [{ id: 2 }]],
  ];
  for (const [label, query, expected] of LEGITIMATE) {
    it(`still casts to ${label}`, async () => {
      const path = `/rest/v1/hardening_values?select=${query.replace(/ /g, "%20")}`;
      expect((await check("legitimate casts", label, path, rows(expected))).right).toBe(true);
    });
  }

  it("still casts through supabase-js", async () => {
    const { data, error } = await stack.publishable
      .from("hardening_values")
      .select("id::text, label:value::varchar")
      .eq("id", 4);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: "4", label: "c" }]);
  });
});

const VALUES: [string, string, number[]][] = [
  ["eq keeps the quotes", 'value=eq."x"', [1]],
  ["eq without quotes", "value=eq.x", [2]],
  ["a value with dots", "value=eq.a.b", [5]],
  ["a value with a comma", "value=eq.a,b", [3]],
  ["a value with parentheses", "value=eq.f(x)", [6]],
  ["an array literal as text", "value=eq.{a,b}", [9]],
  ["a backslash", "value=eq.back\\slash", [8]],
  ["like with a quote", 'value=like.*"*', [1, 7]],
  ["in unquotes its items", 'value=in.("a,b",c)', [3, 4]],
  ["in unquotes a plain quoted item", 'value=in.("x")', [2]],
  ["in with escaped quotes", 'value=in.("say \\"hi\\"","f(x)")', [6, 7]],
  ["in keeps a quote that does not end an item", 'value=in.("x"y,c)', [4]],
  ["or unquotes its values", 'or=(value.eq."a,b",value.eq."f(x)")', [3, 6]],
  ["or with an unquoted value", "or=(value.eq.x,id.eq.1)", [1, 2]],
  ["or with an array literal", "or=(value.eq.{a,b},id.eq.4)", [4, 9]],
  ["not.and", "not.and=(id.gt.2,id.lt.9)&id=lte.3", [1, 2]],
  ["a quoted column name", '"value"=eq.c', [4]],
];

describe("filter values are taken as PostgREST takes them", () => {
  for (const [label, query, expected] of VALUES) {
    it(label, async () => {
      const path = `/rest/v1/hardening_values?select=id&order=id&${query.replace(/[" ]/g, encodeURIComponent)}`;
      expect((await check("literal values", label, path, idsAre(expected))).right).toBe(true);
    });
  }

  it("through supabase-js: eq and in as the client encodes them", async () => {
    const eq = await stack.publishable.from("hardening_values").select("id").eq("value", '"x"');
    expect(eq.data).toEqual([{ id: 1 }]);
    const list = await stack.publishable
      .from("hardening_values")
      .select("id")
      .in("value", ["a,b", "f(x)", "c"])
      .order("id");
    expect(list.data).toEqual([{ id: 3 }, { id: 4 }, { id: 6 }]);
  });
});

const JUNK: [string, string][] = [
  ["a malformed escape in the table", "/rest/v1/le%ZZads"],
  ["a truncated UTF-8 escape", "/rest/v1/leads%E0%A4"],
  ["a malformed escape in an rpc name", "/rest/v1/rpc/%ZZ"],
  ["select with an open parenthesis", "/rest/v1/blog_posts?select=id,("],
  ["select with a stray parenthesis", "/rest/v1/blog_posts?select=id)"],
  ["select with an empty item", "/rest/v1/blog_posts?select=id,,title"],
  ["select with an unterminated embed", "/rest/v1/blog_posts?select=id,other(title"],
  ["order with an unknown direction", "/rest/v1/blog_posts?order=title.sideways"],
  ["order with two directions", "/rest/v1/blog_posts?order=title.asc.desc"],
  ["order with an empty term", "/rest/v1/blog_posts?order=title,"],
  ["a limit that is not a number", "/rest/v1/blog_posts?limit=abc"],
  ["a negative limit", "/rest/v1/blog_posts?limit=-1"],
  ["a huge offset", "/rest/v1/blog_posts?offset=99999999999999999999"],
  ["a filter without operator", "/rest/v1/blog_posts?title=x"],
  ["an unknown operator", "/rest/v1/blog_posts?title=almost.x"],
  ["an unclosed in list", "/rest/v1/blog_posts?title=in.(a,b"],
  ["an unknown is value", "/rest/v1/blog_posts?title=is.maybe"],
  ["an unclosed logic tree", "/rest/v1/blog_posts?or=(title.eq.a"],
  ["an empty logic tree", "/rest/v1/blog_posts?and=()"],
  ["text after a logic tree", "/rest/v1/blog_posts?or=(title.eq.a))"],
  ["an unclosed quote and list", '/rest/v1/blog_posts?title=in.("a,b'],
  ["an unquoted parenthesis in a tree", "/rest/v1/blog_posts?or=(title.eq.c),id.eq.1)"],
  ["a JSON path", "/rest/v1/blog_posts?select=title->>x"],
];

describe("malformed paths and query junk", () => {
  for (const [label, path] of JUNK) {
    it(`answers ${label} with 400 PGRST100 in PostgREST's shape`, async () => {
      const { answer, right } = await check("malformed input", label, path, parseError);
      expect(Object.keys(answer.json as object).sort()).toEqual([
        "code",
        "details",
        "hint",
        "message",
      ]);
      expect(right).toBe(true);
    });
  }
});

describe("nothing forbidden is read", () => {
  it("anon reads no lead, no draft and no user, however it asks", async () => {
    for (const path of [
      "/rest/v1/leads?select=email",
      "/rest/v1/blog_posts?select=title&status=eq.draft",
      '/rest/v1/blog_posts?select=title&or=(status.eq.draft,status.eq."draft")',
      "/rest/v1/blog_posts?select=title::text&title=like.*draft*",
    ]) {
      const { answer } = await check("forbidden rows", path, path, refusedOrEmpty);
      expect(leaks(answer)).toEqual([]);
    }
    const published = await rawRequest(stack, "/rest/v1/blog_posts?select=title");
    expect(published.json).toEqual([{ title: "Published" }]);
  });

  it("no answer of this suite held a pg_roles name, the staff user, the lead or the draft", () => {
    const all = [...outcomes.values()].flat();
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((outcome) => leaks(outcome.answer).length > 0)).toEqual([]);
  });
});

function refusedOrEmpty(answer: RawAnswer): boolean {
  return refused(answer) || answer.status === 401 || JSON.stringify(answer.json) === "[]";
}
