// REST conformance through the real supabase-js client.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { connectingAddress, type AppContext } from "../src/app-env.ts";
import { transactionOptions } from "../src/rest/request.ts";
import { client, grantAdminClaim, startTestStack, type TestStack } from "./helpers.ts";

const FIXTURE = `
create table public.items (
  id int primary key,
  name text not null unique,
  qty int not null default 0 check (qty >= 0),
  price numeric(10,2),
  category text,
  tags text[],
  meta jsonb,
  active boolean,
  created_at timestamptz not null default now()
);
alter table public.items enable row level security;
create policy items_read on public.items for select using (true);
create policy items_staff on public.items for all to authenticated
  using (coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin')
  with check (coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin');

create table public.messages (
  id bigint generated always as identity primary key,
  email text not null,
  body text,
  status text not null default 'new'
);
alter table public.messages enable row level security;
create policy messages_insert on public.messages for insert to anon, authenticated with check (status = 'new');
revoke all on public.messages from anon, authenticated;
grant insert (email, body) on public.messages to anon, authenticated;

create table public.secrets (id int primary key, value text);
revoke all on public.secrets from anon, authenticated;

create table public.kv (k text primary key, v text, n int default 7);

create function public.add_numbers(a int, b int default 10) returns int language sql stable as $$ select a + b $$;
create function public.items_in(cat text) returns setof public.items language sql stable
  as $$ select * from public.items where category = cat order by id $$;
create function public.whoami() returns jsonb language sql stable as $$ select auth.jwt() $$;
create function public.tag_count(tags text[]) returns int language sql immutable as $$ select cardinality(tags) $$;
create function public.connecting_address() returns text language sql stable
  as $$ select current_setting('request.headers', true)::json ->> 'cf-connecting-ip' $$;
`;

const ROWS = [
  {
    id: 1,
    name: "apple",
    qty: 5,
    price: 1.5,
    category: "fruit",
    tags: ["red", "sweet"],
    meta: { origin: "fr" },
    active: true,
  },
  {
    id: 2,
    name: "banana",
    qty: 0,
    price: 0.25,
    category: "fruit",
    tags: ["yellow"],
    meta: { origin: "ec" },
    active: false,
  },
  {
    id: 3,
    name: "carrot",
    qty: 12,
    price: 0.1,
    category: "vegetable",
    tags: ["orange"],
    meta: null,
    active: null,
  },
  {
    id: 4,
    name: "Daikon, large",
    qty: 2,
    price: null,
    category: "vegetable",
    tags: [],
    meta: { origin: "jp" },
    active: true,
  },
  {
    id: 5,
    name: "eggplant",
    qty: 7,
    price: 2,
    category: null,
    tags: null,
    meta: null,
    active: false,
  },
];

let stack: TestStack;
let anon: SupabaseClient;
let service: SupabaseClient;
let staff: SupabaseClient;
let member: SupabaseClient;

const names = (data: unknown) => (data as { name: string }[]).map((r) => r.name);

beforeAll(async () => {
  stack = await startTestStack({
    extraSql: [FIXTURE],
    seedAdmin: { email: "staff@example.com", password: "staff-pass-1" },
  });
  await grantAdminClaim(stack, "staff@example.com");
  anon = stack.anon;
  service = stack.service;
  const { error } = await service.from("items").insert(ROWS);
  expect(error).toBeNull();
  staff = client(stack.url, stack.anonKey);
  expect(
    (await staff.auth.signInWithPassword({ email: "staff@example.com", password: "staff-pass-1" }))
      .error,
  ).toBeNull();
  const created = await service.auth.admin.createUser({
    email: "member@example.com",
    password: "member-pass",
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  member = client(stack.url, stack.anonKey);
  expect(
    (await member.auth.signInWithPassword({ email: "member@example.com", password: "member-pass" }))
      .error,
  ).toBeNull();
});

afterAll(async () => {
  await stack?.close();
});

describe("select", () => {
  it("returns every column with *", async () => {
    const { data, error, status } = await anon.from("items").select("*").order("id");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(5);
    expect(data![0]).toMatchObject({
      id: 1,
      name: "apple",
      price: 1.5,
      tags: ["red", "sweet"],
      meta: { origin: "fr" },
      active: true,
    });
    expect(typeof data![0].created_at).toBe("string");
  });

  it("selects a column list, aliases and casts", async () => {
    const { data, error } = await anon
      .from("items")
      .select("id, label:name, qty::text")
      .eq("id", 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, label: "apple", qty: "5" }]);
  });

  it("reports an unknown column in select as 42703", async () => {
    const { error, status } = await anon.from("items").select("nope");
    expect(status).toBe(400);
    expect(error?.code).toBe("42703");
  });

  it("reports an unknown table as PGRST205 404", async () => {
    const { error, status } = await anon.from("missing_table").select();
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: "PGRST205",
      message: "Could not find the table 'public.missing_table' in the schema cache",
    });
  });
});

describe("filters", () => {
  const base = () => anon.from("items").select("name").order("id");
  const cases: [
    string,
    (q: ReturnType<typeof base>) => PromiseLike<{ data: unknown; error: unknown }>,
    string[],
  ][] = [
    ["eq", (q) => q.eq("name", "apple"), ["apple"]],
    ["neq", (q) => q.neq("category", "fruit"), ["carrot", "Daikon, large"]],
    ["gt", (q) => q.gt("qty", 5), ["carrot", "eggplant"]],
    ["gte", (q) => q.gte("qty", 5), ["apple", "carrot", "eggplant"]],
    ["lt", (q) => q.lt("qty", 5), ["banana", "Daikon, large"]],
    ["lte", (q) => q.lte("qty", 5), ["apple", "banana", "Daikon, large"]],
    ["numeric eq", (q) => q.eq("price", 0.25), ["banana"]],
    ["like with %", (q) => q.like("name", "%an%"), ["banana", "eggplant"]],
    ["like with *", (q) => q.like("name", "*rr*"), ["carrot"]],
    ["ilike", (q) => q.ilike("name", "d%"), ["Daikon, large"]],
    ["is null", (q) => q.is("category", null), ["eggplant"]],
    ["is true", (q) => q.is("active", true), ["apple", "Daikon, large"]],
    ["is false", (q) => q.is("active", false), ["banana", "eggplant"]],
    [
      "in",
      (q) => q.in("name", ["apple", "carrot", "Daikon, large"]),
      ["apple", "carrot", "Daikon, large"],
    ],
    ["in numbers", (q) => q.in("id", [2, 4]), ["banana", "Daikon, large"]],
    ["in empty", (q) => q.in("id", []), []],
    ["not eq", (q) => q.not("category", "eq", "fruit"), ["carrot", "Daikon, large"]],
    [
      "not is null",
      (q) => q.not("category", "is", null),
      ["apple", "banana", "carrot", "Daikon, large"],
    ],
    ["not in", (q) => q.not("id", "in", "(1,2,3)"), ["Daikon, large", "eggplant"]],
    ["or", (q) => q.or("qty.eq.0,name.eq.carrot"), ["banana", "carrot"]],
    [
      "or with nested and",
      (q) => q.or("name.eq.apple,and(category.eq.vegetable,qty.gt.10)"),
      ["apple", "carrot"],
    ],
    [
      "or with quoted value",
      (q) => q.or('name.eq."Daikon, large",id.eq.5'),
      ["Daikon, large", "eggplant"],
    ],
    [
      "or with not",
      (q) => q.or("category.not.is.null,qty.gt.100"),
      ["apple", "banana", "carrot", "Daikon, large"],
    ],
    ["several filters are and-ed", (q) => q.eq("category", "fruit").gt("qty", 1), ["apple"]],
    ["match (regex)", (q) => q.match({ category: "fruit", qty: 5 }), ["apple"]],
    ["contains array", (q) => q.contains("tags", ["red"]), ["apple"]],
    [
      "contained by array",
      (q) => q.containedBy("tags", ["yellow", "orange"]),
      ["banana", "carrot", "Daikon, large"],
    ],
    ["overlaps array", (q) => q.overlaps("tags", ["orange", "yellow"]), ["banana", "carrot"]],
    ["contains jsonb", (q) => q.contains("meta", { origin: "jp" }), ["Daikon, large"]],
    ["filter()", (q) => q.filter("qty", "gte", 7), ["carrot", "eggplant"]],
    ["text search", (q) => q.textSearch("name", "carrot"), ["carrot"]],
  ];
  for (const [label, apply, expected] of cases) {
    it(label, async () => {
      const { data, error } = await apply(base());
      expect(error).toBeNull();
      expect(names(data)).toEqual(expected);
    });
  }

  it("refuses a bad operator with PGRST100", async () => {
    const { error, status } = await anon.from("items").select().filter("qty", "almost", 3);
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST100");
  });

  it("refuses an unknown filter column with 42703", async () => {
    const { error, status } = await anon.from("items").select().eq("nope", 1);
    expect(status).toBe(400);
    expect(error?.code).toBe("42703");
  });

  it("reports a value of the wrong type as 22P02", async () => {
    const { error, status } = await anon.from("items").select().eq("qty", "many");
    expect(status).toBe(400);
    expect(error?.code).toBe("22P02");
  });

  it("binds values: an injection attempt is only a string", async () => {
    const { data, error } = await anon
      .from("items")
      .select("name")
      .eq("name", "x'; drop table items; --");
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { count } = await anon.from("items").select("*", { count: "exact", head: true });
    expect(count).toBe(5);
  });
});

describe("modifiers", () => {
  it("orders by several columns with nulls first/last", async () => {
    const a = await anon
      .from("items")
      .select("name")
      .order("category", { ascending: true, nullsFirst: true })
      .order("qty", { ascending: false });
    expect(names(a.data)).toEqual(["eggplant", "apple", "banana", "carrot", "Daikon, large"]);
    const b = await anon
      .from("items")
      .select("name")
      .order("price", { ascending: false, nullsFirst: false });
    expect(names(b.data)).toEqual(["eggplant", "apple", "banana", "carrot", "Daikon, large"]);
  });

  it("limits and pages with range", async () => {
    const a = await anon.from("items").select("id").order("id").limit(2);
    expect(a.data).toEqual([{ id: 1 }, { id: 2 }]);
    const b = await anon.from("items").select("id").order("id").range(2, 3);
    expect(b.data).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it("counts exactly with Content-Range, 206 for a partial page", async () => {
    const a = await anon.from("items").select("id", { count: "exact" }).order("id").range(0, 1);
    expect(a.count).toBe(5);
    expect(a.status).toBe(206);
    const b = await anon.from("items").select("id", { count: "exact" });
    expect(b.count).toBe(5);
    expect(b.status).toBe(200);
    const c = await anon.from("items").select("id", { count: "exact" }).eq("id", 999);
    expect(c.count).toBe(0);
    expect(c.data).toEqual([]);
  });

  it("counts with HEAD and returns no rows", async () => {
    const { count, data, error, status } = await anon
      .from("items")
      .select("*", { count: "exact", head: true })
      .eq("category", "fruit");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(2);
    expect(data).toBeNull();
  });

  it("refuses an offset past the end with 416 PGRST103", async () => {
    const { error, status } = await anon
      .from("items")
      .select("id", { count: "exact" })
      .range(10, 12);
    expect(status).toBe(416);
    expect(error?.code).toBe("PGRST103");
  });

  it("single() with 1, 0 and 2 rows", async () => {
    const one = await anon.from("items").select("name").eq("id", 1).single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: "apple" });
    const none = await anon.from("items").select("name").eq("id", 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: "PGRST116", details: "The result contains 0 rows" });
    const two = await anon.from("items").select("name").eq("category", "fruit").single();
    expect(two.status).toBe(406);
    expect(two.error).toMatchObject({ code: "PGRST116", details: "The result contains 2 rows" });
  });

  it("maybeSingle() with 1, 0 and 2 rows", async () => {
    const one = await anon.from("items").select("name").eq("id", 2).maybeSingle();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: "banana" });
    const none = await anon.from("items").select("name").eq("id", 99).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const two = await anon.from("items").select("name").eq("category", "fruit").maybeSingle();
    expect(two.error?.code).toBe("PGRST116");
    expect(two.data).toBeNull();
  });
});

describe("writes", () => {
  it("inserts without returning rows: 201 and no body", async () => {
    const { data, error, status } = await service.from("kv").insert({ k: "a", v: "1" });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
  });

  it("inserts an array and returns the rows (defaults applied)", async () => {
    const { data, error, status } = await service
      .from("kv")
      .insert([{ k: "b", v: "2" }, { k: "c" }])
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { k: "b", v: "2", n: 7 },
      { k: "c", v: null, n: 7 },
    ]);
  });

  it("uses defaults for missing keys with defaultToNull: false", async () => {
    const { data, error } = await service
      .from("kv")
      .insert([{ k: "d", n: 1 }, { k: "e" }], { defaultToNull: false })
      .select("k, n");
    expect(error).toBeNull();
    expect(data).toEqual([
      { k: "d", n: 1 },
      { k: "e", n: 7 },
    ]);
  });

  it("insert().select().single() returns one object", async () => {
    const { data, error } = await service
      .from("kv")
      .insert({ k: "f", v: "x" })
      .select("k")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ k: "f" });
  });

  it("refuses an unknown column on insert with PGRST204", async () => {
    const { error, status } = await service.from("kv").insert({ k: "g", nope: 1 });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: "PGRST204",
      message: "Could not find the 'nope' column of 'kv' in the schema cache",
    });
  });

  it("maps a unique violation to 409 23505", async () => {
    const { error, status } = await service.from("kv").insert({ k: "a" });
    expect(status).toBe(409);
    expect(error?.code).toBe("23505");
    expect(error?.details).toContain("already exists");
  });

  it("maps a check violation to 400 23514", async () => {
    const { error, status } = await staff
      .from("items")
      .insert({ id: 50, name: "negative", qty: -1 });
    expect(status).toBe(400);
    expect(error?.code).toBe("23514");
  });

  it("maps a not-null violation to 400 23502", async () => {
    const { error, status } = await service.from("items").insert({ id: 51 });
    expect(status).toBe(400);
    expect(error?.code).toBe("23502");
  });

  it("upserts with merge-duplicates and ignore-duplicates", async () => {
    const merged = await service
      .from("kv")
      .upsert([
        { k: "a", v: "merged" },
        { k: "z", v: "new" },
      ])
      .select("k, v")
      .order("k");
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([
      { k: "a", v: "merged" },
      { k: "z", v: "new" },
    ]);
    const ignored = await service
      .from("kv")
      .upsert({ k: "a", v: "ignored" }, { ignoreDuplicates: true })
      .select();
    expect(ignored.error).toBeNull();
    expect(ignored.data).toEqual([]);
    const { data } = await service.from("kv").select("v").eq("k", "a").single();
    expect(data).toEqual({ v: "merged" });
  });

  it("upserts on another unique column with onConflict", async () => {
    const { data, error } = await service
      .from("items")
      .upsert({ id: 1, name: "apple", qty: 6 }, { onConflict: "name" })
      .select("id, qty");
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, qty: 6 }]);
    await service.from("items").update({ qty: 5 }).eq("id", 1);
  });

  it("updates with and without returned rows", async () => {
    const a = await service.from("kv").update({ v: "upd" }).eq("k", "b");
    expect(a.error).toBeNull();
    expect(a.status).toBe(204);
    expect(a.data).toBeNull();
    const b = await service
      .from("kv")
      .update({ v: "upd2" })
      .in("k", ["b", "c"])
      .select("k, v")
      .order("k");
    expect(b.status).toBe(200);
    expect(b.data).toEqual([
      { k: "b", v: "upd2" },
      { k: "c", v: "upd2" },
    ]);
  });

  it("update().single() with two rows is refused and rolled back", async () => {
    const res = await service
      .from("kv")
      .update({ v: "rolled" })
      .in("k", ["b", "c"])
      .select()
      .single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe("PGRST116");
    const { data } = await service.from("kv").select("v").in("k", ["b", "c"]);
    expect(data).toEqual([{ v: "upd2" }, { v: "upd2" }]);
  });

  it("refuses an unknown column on update with PGRST204", async () => {
    const { error, status } = await service.from("kv").update({ nope: 1 }).eq("k", "a");
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST204");
  });

  it("deletes with and without returned rows", async () => {
    const a = await service.from("kv").delete().eq("k", "z");
    expect(a.error).toBeNull();
    expect(a.status).toBe(204);
    const b = await service.from("kv").delete().eq("k", "f").select();
    expect(b.status).toBe(200);
    expect(b.data).toEqual([{ k: "f", v: "x", n: 7 }]);
    const c = await service.from("kv").select("k").eq("k", "f");
    expect(c.data).toEqual([]);
  });

  it("counts affected rows when asked", async () => {
    const { count, error } = await service
      .from("kv")
      .update({ n: 8 }, { count: "exact" })
      .in("k", ["b", "c"]);
    expect(error).toBeNull();
    expect(count).toBe(2);
  });
});

describe("row security and grants", () => {
  it("anon may insert without reading back", async () => {
    const { error, status } = await anon
      .from("messages")
      .insert({ email: "v@example.com", body: "hi" });
    expect(error).toBeNull();
    expect(status).toBe(201);
  });

  it("anon insert with select() is refused: 401 42501", async () => {
    const { error, status } = await anon
      .from("messages")
      .insert({ email: "v@example.com" })
      .select();
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });

  it("permission denied is 401 for anon and 403 for a signed-in user", async () => {
    const a = await anon.from("secrets").select();
    expect(a.status).toBe(401);
    expect(a.error?.code).toBe("42501");
    const b = await member.from("secrets").select();
    expect(b.status).toBe(403);
    expect(b.error?.code).toBe("42501");
  });

  it("anon may not write a column it was not granted", async () => {
    const { error, status } = await anon
      .from("messages")
      .insert({ email: "v@example.com", status: "qualified" });
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
  });

  it("policies see the JWT: staff write, members and anon do not", async () => {
    const s = await staff.from("items").insert({ id: 60, name: "fig" }).select("name").single();
    expect(s.error).toBeNull();
    const m = await member.from("items").insert({ id: 61, name: "grape" });
    expect(m.status).toBe(403);
    expect(m.error?.code).toBe("42501");
    const a = await anon.from("items").update({ qty: 100 }).eq("id", 60).select();
    expect(a.data).toEqual([]);
    const d = await staff.from("items").delete().eq("id", 60).select("id");
    expect(d.data).toEqual([{ id: 60 }]);
  });

  it("service_role bypasses row security", async () => {
    const { data, error } = await service.from("messages").select("email, status").limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ email: "v@example.com", status: "new" }]);
  });

  it("auth.uid() is the signed-in user in migrations' policies", async () => {
    const ins = await member
      .from("fixture_notes")
      .insert({ body: "mine", tag: "t" })
      .select("body, owner")
      .single();
    expect(ins.error).toBeNull();
    const { data: user } = await member.auth.getUser();
    expect(ins.data?.owner).toBe(user.user?.id);
    const seenByStaff = await staff.from("fixture_notes").select();
    expect(seenByStaff.data).toEqual([]);
    const anonRead = await anon.from("fixture_notes").select();
    expect(anonRead.status).toBe(401);
  });
});

describe("rpc", () => {
  it("calls a scalar function with named and default arguments", async () => {
    expect((await anon.rpc("add_numbers", { a: 1, b: 2 })).data).toBe(3);
    expect((await anon.rpc("add_numbers", { a: 1 })).data).toBe(11);
    expect((await anon.rpc("add_numbers", { a: 5 }, { get: true })).data).toBe(15);
    expect((await anon.rpc("tag_count", { tags: ["a", "b", "c"] })).data).toBe(3);
  });

  it("returns rows from a set-returning function, with single()", async () => {
    const { data, error } = await anon.rpc("items_in", { cat: "fruit" }).select("name");
    expect(error).toBeNull();
    expect(data).toEqual([{ name: "apple" }, { name: "banana" }]);
    const one = await anon.rpc("items_in", { cat: "fruit" }).limit(1).single();
    expect(one.data).toMatchObject({ name: "apple" });
  });

  it("runs under the caller's JWT", async () => {
    const { data } = await member.rpc("whoami");
    expect(data).toMatchObject({ role: "authenticated", email: "member@example.com" });
  });

  it("reports an unknown function as 404 PGRST202", async () => {
    const { error, status } = await anon.rpc("nope", { x: 1 });
    expect(status).toBe(404);
    expect(error?.code).toBe("PGRST202");
  });
});

describe("the client's address", () => {
  const seenBySql = async (headers: Record<string, string>) => {
    const response = await fetch(`${stack.url}/rest/v1/rpc/connecting_address`, {
      method: "POST",
      headers: { apikey: stack.anonKey, "content-type": "application/json", ...headers },
      body: "{}",
    });
    expect(response.status).toBe(200);
    return response.json();
  };

  it("reaches SQL as cf-connecting-ip, set by the stack as Cloudflare sets it on hosted", async () => {
    expect(await seenBySql({})).toBe("127.0.0.1");
    expect(await seenBySql({ "cf-connecting-ip": "6.6.6.6" })).toBe("127.0.0.1");
    expect(
      await seenBySql({
        "x-forwarded-for": "198.51.100.7, 10.0.0.1",
        "cf-connecting-ip": "6.6.6.6",
      }),
    ).toBe("198.51.100.7");
  });

  it("without a socket, is X-Forwarded-For's first entry, else left out", () => {
    const context = (forwardedFor?: string) =>
      ({ env: {}, req: { header: () => forwardedFor } }) as unknown as AppContext;
    expect(connectingAddress(context("198.51.100.7, 10.0.0.1"))).toBe("198.51.100.7");
    expect(connectingAddress(context())).toBeNull();
    const sentHeaders = (clientAddress: string | null) =>
      JSON.parse(
        transactionOptions({
          method: "POST",
          path: "/rpc/connecting_address",
          headers: new Headers({ "CF-Connecting-IP": "6.6.6.6", "x-client-info": "test" }),
          role: "anon",
          claims: { role: "anon" },
          clientAddress,
        }).settings?.["request.headers"] ?? "",
      );
    expect(sentHeaders(null)).toEqual({ "x-client-info": "test" });
    expect(sentHeaders("198.51.100.7")).toEqual({
      "x-client-info": "test",
      "cf-connecting-ip": "198.51.100.7",
    });
  });
});

describe("keys and tokens", () => {
  it("requires an apikey", async () => {
    const res = await fetch(`${stack.url}/rest/v1/items`);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("No API key found in request");
  });

  it("refuses an unknown apikey", async () => {
    const bad = client(stack.url, "not-a-key");
    const { error, status } = await bad.from("items").select();
    expect(status).toBe(401);
    expect(error?.message).toBe("Invalid API key");
  });

  it("refuses a forged bearer token with WWW-Authenticate", async () => {
    const forged = stack.anonKey.replace(/\.[^.]+$/, ".AAAA");
    const res = await fetch(`${stack.url}/rest/v1/items`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect((await res.json()).code).toBe("PGRST301");
  });

  it("answers CORS preflights and exposes Content-Range", async () => {
    const pre = await fetch(`${stack.url}/rest/v1/items`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, prefer",
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("access-control-allow-origin")).toBeTruthy();
    expect(pre.headers.get("access-control-allow-headers")).toContain("prefer");
    const res = await fetch(`${stack.url}/rest/v1/items?select=id`, {
      headers: { apikey: stack.anonKey, origin: "http://localhost:5173" },
    });
    expect(res.headers.get("access-control-expose-headers")).toContain("Content-Range");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("refuses invalid JSON with PGRST102", async () => {
    const res = await fetch(`${stack.url}/rest/v1/kv`, {
      method: "POST",
      headers: { apikey: stack.serviceRoleKey, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("PGRST102");
  });
});
