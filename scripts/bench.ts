// Bench of the local stack (`npm run bench`):
//  - a lead insert and the public blog-list read (1,000 posts) through supabase-js, next to
//    the same SQL run directly on the db module in this process, with the p50 ratio;
//  - the staff lead inbox over 10,000 leads: pages of 50 as the inbox requests them (filtered,
//    sorted, searched, far pages), signed in as staff, with each p95 against the 50 ms goal;
//  - 1,000 concurrent lead inserts through supabase-js, which must all land.
// Uses the project's migrations (leads, blog_posts); DATABASE_URL benches a real server.
// The supabase-js client runs in a worker thread, as a browser would run apart from the server,
// so client and server do not share one event loop; the two paths are measured interleaved.
// Options: BENCH_ITERATIONS (default 300).
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { SupabaseClient } from "@supabase/supabase-js";
import { startStack } from "../supabase/local/src/stack.ts";
import { createNodeClient } from "./lib/node-supabase-client.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS || 300);
const WARMUP = 30;
// The public list is measured over a large blog (BENCH_POSTS=1000 for a smaller one).
const POSTS = Number(process.env.BENCH_POSTS || 5000);
const PAGE = 12;
const CONCURRENT = 1000;
const INBOX_LEADS = Number(process.env.BENCH_LEADS || 10_000);
const INBOX_GOAL_MS = 50;
const STAFF = { email: "bench-staff@appgrove.local", password: "bench-staff-password" };

// The staff inbox's read, written out as the requests it sends to PostgREST (the site's
// src/features/leads/staff/api/leads-query.ts; scripts never import the site, see
// scripts/eslint/import-direction.js): its summary columns with an exact count, the filters, the
// search as one LIKE on search_text, the order with its tie-breakers, and a page of 50. When the
// inbox's query changes, change it here too.
const INBOX_PAGE_SIZE = 50;
const INBOX_COLUMNS = "id, created_at, name, email, company, website, source, language, status";

interface InboxRequest {
  status?: string;
  source?: string;
  language?: string;
  /** Lower-case, free of LIKE's wildcards (the inbox escapes them). */
  search?: string;
  sort?: { column: string; ascending: boolean };
  /** From 1. */
  page?: number;
}

function inboxPage(staff: SupabaseClient, request: InboxRequest) {
  const { status, source, language, search, page = 1 } = request;
  const sort = request.sort ?? { column: "created_at", ascending: false };
  let query = staff.from("leads").select(INBOX_COLUMNS, { count: "exact" });
  if (status) query = query.eq("status", status);
  if (source) query = query.eq("source", source);
  if (language) query = query.eq("language", language);
  if (search) query = query.like("search_text", `%${search}%`);
  const from = (page - 1) * INBOX_PAGE_SIZE;
  return query
    .order(sort.column, { ascending: sort.ascending, nullsFirst: false })
    .order("created_at", { ascending: false })
    .order("id", { ascending: true })
    .range(from, from + INBOX_PAGE_SIZE - 1);
}

/** The inbox's requests: what staff do most, and the slowest shapes (far pages, searches). */
const inboxRequests: Record<string, InboxRequest> = {
  // The plain inbox, as a bare /admin URL states it: every lead, newest first, page 1.
  "newest first, page 1": {},
  "status new, by name, page 20": {
    status: "new",
    sort: { column: "name", ascending: true },
    page: 20,
  },
  "source + language, by company desc": {
    source: "contact",
    language: "fr",
    sort: { column: "company", ascending: false },
  },
  "search 'studio'": { search: "studio" },
  "oldest first, last page": {
    sort: { column: "created_at", ascending: true },
    page: Math.ceil(INBOX_LEADS / INBOX_PAGE_SIZE),
  },
};

let visitors = 0;
/**
 * Each request from another visitor, as on the live site (the stack takes X-Forwarded-For's first
 * entry as the client's address): the per-address intake limits would otherwise refuse this one
 * client after its first 20 leads.
 */
const fetchAsNewVisitors: typeof fetch = (input, init = {}) => {
  visitors += 1;
  const headers = new Headers(init.headers);
  headers.set(
    "x-forwarded-for",
    `10.${Math.floor(visitors / 65_536) % 256}.${Math.floor((visitors % 65_536) / 256)}.${visitors % 256}`,
  );
  return fetch(input, { ...init, headers });
};

const COLUMNS =
  "id,title,slug,excerpt,category,featured,image_url,video_url,published_at,created_at,language";
let seq = 0;
const lead = (prefix: string) => ({
  name: "Bench Visitor",
  email: `bench-${prefix}-${process.pid}-${++seq}@example.com`,
  source: "contact",
  language: "en",
});

function apiCalls(anon: SupabaseClient): Record<string, () => Promise<void>> {
  return {
    lead: async () => {
      const { error } = await anon.from("leads").insert(lead("api"));
      if (error) throw new Error(error.message);
    },
    list: async () => {
      const { data, error } = await anon
        .from("blog_posts")
        .select(COLUMNS)
        .eq("language", "en")
        .eq("status", "published")
        .lte("published_at", new Date().toISOString())
        .order("published_at", { ascending: false })
        .order("created_at", { ascending: false })
        .range(0, PAGE - 1);
      if (error || data.length !== PAGE) throw new Error(error?.message ?? "short page");
    },
  };
}

if (!isMainThread) {
  // The client side: one request per message, timed here.
  const { url, anonKey } = workerData as { url: string; anonKey: string };
  // Each request from another visitor, as on the live site: the per-address intake limits
  // would otherwise refuse this one client after its first 20 leads.
  const visitor = () => createNodeClient(url, anonKey, { fetch: fetchAsNewVisitors });
  const calls = apiCalls(visitor());
  const staff = createNodeClient(url, anonKey);
  const signedIn = staff.auth.signInWithPassword(STAFF).then(({ error }) => {
    if (error) throw error;
  });
  parentPort!.on(
    "message",
    async (msg: { call: string } | { inbox: string } | { concurrent: number }) => {
      if ("inbox" in msg) {
        await signedIn;
        const t = performance.now();
        const { data, count, error } = await inboxPage(staff, inboxRequests[msg.inbox]!);
        const ms = performance.now() - t;
        if (error || !data.length || !count) throw new Error(error?.message ?? "empty page");
        parentPort!.postMessage(ms);
      } else if ("call" in msg) {
        const t = performance.now();
        await calls[msg.call]!();
        parentPort!.postMessage(performance.now() - t);
      } else {
        const anon = visitor();
        const t = performance.now();
        const results = await Promise.all(
          Array.from({ length: msg.concurrent }, () => anon.from("leads").insert(lead("burst"))),
        );
        const failed = results.filter((r) => r.error);
        parentPort!.postMessage({
          ms: performance.now() - t,
          failed: failed.length,
          firstError: failed[0]?.error ?? null,
        });
      }
    },
  );
} else {
  await main();
}

async function main() {
  const stack = await startStack({
    port: 0,
    inMemory: true,
    databaseUrl: process.env.DATABASE_URL || undefined,
    seedFile: null,
    seedAdmin: STAFF,
  });
  const worker = new Worker(
    // tsx's loader hooks are per thread on Node 20: register them in the worker first.
    `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`,
    { eval: true, workerData: { url: stack.url, anonKey: stack.anonKey } },
  );
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  worker.on("message", (v) => pending?.resolve(v));
  worker.on("error", (e) => pending?.reject(e));
  const ask = <T>(msg: unknown) =>
    new Promise<T>((resolve, reject) => {
      pending = { resolve: resolve as (v: unknown) => void, reject };
      worker.postMessage(msg);
    });
  const db = stack.db;

  await db.exec(`
  delete from public.blog_posts;
  insert into public.blog_posts (title, slug, language, status, published_at, created_at, excerpt, category, content)
  select 'Bench post ' || i, 'bench-post-' || i, 'en', 'published',
         now() - make_interval(hours => i), now() - make_interval(hours => i),
         'An excerpt for post ' || i, 'Analytics', repeat('<p>Body text.</p>', 50)
  from generate_series(1, ${POSTS}) as i;
`);

  const requestSettings = (method: string, path: string) => ({
    role: "anon",
    settings: {
      search_path: "public, extensions",
      "request.jwt.claims": JSON.stringify({ iss: "supabase-demo", role: "anon", exp: 1983812996 }),
      "request.method": method,
      "request.path": path,
      "request.headers": "{}",
    },
  });

  // The statements the REST layer compiles for these two requests.
  const LEAD_SQL =
    `insert into "public"."leads" ("name", "email", "source", "language") ` +
    `select "name", "email", "source", "language" from json_populate_recordset(null::"public"."leads", $1::json)`;
  const LIST_SQL =
    `select coalesce(json_agg(_t), '[]')::text as body, count(*)::int as n from (select ${COLUMNS.split(
      ",",
    )
      .map((c) => `"${c}" as "${c}"`)
      .join(
        ", ",
      )} from "public"."blog_posts" where "public"."blog_posts"."language" = $1::text and ` +
    `"public"."blog_posts"."status" = $2::text and "public"."blog_posts"."published_at" <= $3::timestamp with time zone ` +
    `order by "published_at" desc, "created_at" desc limit $4) _t`;

  const scenarios = {
    "lead insert": {
      api: "lead",
      direct: async () => {
        await db.transaction({ ...requestSettings("POST", "/leads") }, (tx) =>
          tx.query(LEAD_SQL, [JSON.stringify([lead("direct")])]),
        );
      },
    },
    [`blog list (${POSTS} posts, page of ${PAGE})`]: {
      api: "list",
      direct: async () => {
        const r = await db.transaction(
          { ...requestSettings("GET", "/blog_posts"), readOnly: true },
          (tx) =>
            tx.query<{ body: string; n: number }>(LIST_SQL, [
              "en",
              "published",
              new Date().toISOString(),
              PAGE,
            ]),
        );
        JSON.parse(r.rows[0]!.body);
      },
    },
  };

  function stats(samples: number[], totalMs: number) {
    const s = [...samples].sort((a, b) => a - b);
    const pct = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
    return { rps: (samples.length / totalMs) * 1000, p50: pct(50), p95: pct(95), p99: pct(99) };
  }

  /** Alternates the two paths request by request, so load drift on the machine hits both alike. */
  async function measurePair(direct: () => Promise<void>, api: string) {
    const apiOnce = () => ask<number>({ call: api });
    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await apiOnce();
    }
    const samples: [number[], number[]] = [[], []];
    const totals = [0, 0];
    for (let i = 0; i < ITERATIONS; i++) {
      const t = performance.now();
      await direct();
      const d = performance.now() - t;
      samples[0].push(d);
      totals[0]! += d;
      const a = await apiOnce();
      samples[1].push(a);
      totals[1]! += a;
    }
    return [stats(samples[0], totals[0]!), stats(samples[1], totals[1]!)] as const;
  }

  const fmt = (n: number) => n.toFixed(2).padStart(8);
  console.log(
    `\nLocal stack bench: ${db.driver}, ${ITERATIONS} sequential requests per path, the two paths interleaved, after ${WARMUP} warm-up\n`,
  );
  console.log(
    `${"scenario".padEnd(38)}${"path".padEnd(10)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"p99 ms".padStart(9)}`,
  );
  let worst = 0;
  for (const [name, s] of Object.entries(scenarios)) {
    const [direct, api] = await measurePair(s.direct, s.api);
    for (const [label, r] of [
      ["direct", direct],
      ["api", api],
    ] as const) {
      console.log(
        `${name.padEnd(38)}${label.padEnd(10)}${r.rps.toFixed(0).padStart(9)}${fmt(r.p50).padStart(9)}${fmt(r.p95).padStart(9)}${fmt(r.p99).padStart(9)}`,
      );
    }
    const ratio = api.p50 / direct.p50;
    worst = Math.max(worst, ratio);
    console.log(
      `${"".padEnd(38)}${"ratio".padEnd(10)}${"".padStart(9)}${`${ratio.toFixed(2)}x`.padStart(9)}  (api p50 / direct p50)\n`,
    );
  }

  // The staff inbox over INBOX_LEADS leads, stored as visitors' forms would have over two years
  // (the one-lead-per-request guard is off for this one seeding statement).
  await db.exec(`
  begin;
  set local session_replication_role = replica;
  insert into public.leads (name, email, company, website, message, source, language, status, created_at)
  select (array['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Hedy'])[1 + i % 6] || ' Visitor ' || i,
         'inbox-' || i || '@example.com',
         (array['Pixel Studio', 'Fit Apps', 'Budget Buddy', 'Run Club', null])[1 + i % 5],
         'https://apps.apple.com/app/id' || (100000 + i),
         repeat('We want to grow our installs. ', 1 + i % 8),
         (array['homepage', 'services', 'about', 'contact'])[1 + i % 4],
         (array['en', 'fr'])[1 + i % 2],
         (array['new', 'contacted', 'qualified'])[1 + i % 3],
         now() - make_interval(mins => i * 97)
  from generate_series(1, ${INBOX_LEADS}) as i;
  commit;
`);
  await db.exec(`analyze public.leads`);
  console.log(
    `\nStaff lead inbox: ${INBOX_LEADS.toLocaleString("en-US")} leads, pages of 50 with an exact count, signed in as staff, ${ITERATIONS} requests each after ${WARMUP} warm-up\n`,
  );
  console.log(
    `${"request".padEnd(38)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"p99 ms".padStart(9)}`,
  );
  let slowestInbox = 0;
  for (const name of Object.keys(inboxRequests)) {
    for (let i = 0; i < WARMUP; i++) await ask<number>({ inbox: name });
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) samples.push(await ask<number>({ inbox: name }));
    const r = stats(
      samples,
      samples.reduce((sum, ms) => sum + ms, 0),
    );
    slowestInbox = Math.max(slowestInbox, r.p95);
    console.log(
      `${name.padEnd(38)}${fmt(r.p50).padStart(9)}${fmt(r.p95).padStart(9)}${fmt(r.p99).padStart(9)}`,
    );
  }
  console.log(
    `inbox p95 goal (< ${INBOX_GOAL_MS} ms): ${slowestInbox < INBOX_GOAL_MS ? "met" : "NOT met"} (slowest p95 ${slowestInbox.toFixed(2)} ms)\n`,
  );

  // 1,000 concurrent inserts through supabase-js: all must land.
  const before = (await db.query<{ n: number }>(`select count(*)::int as n from public.leads`))
    .rows[0]!.n;
  const burst = await ask<{ ms: number; failed: number; firstError: unknown }>({
    concurrent: CONCURRENT,
  });
  const elapsed = burst.ms;
  const after = (await db.query<{ n: number }>(`select count(*)::int as n from public.leads`))
    .rows[0]!.n;
  const landed = Number(after) - Number(before);
  console.log(
    `${CONCURRENT} concurrent inserts: ${landed} landed, ${burst.failed} failed, ${elapsed.toFixed(0)} ms (${((CONCURRENT / elapsed) * 1000).toFixed(0)} req/s)`,
  );
  if (burst.firstError) console.log(`first failure: ${JSON.stringify(burst.firstError)}`);
  console.log(
    `p50 overhead goal (<= 2x): ${worst <= 2 ? "met" : "NOT met"} (worst ratio ${worst.toFixed(2)}x)`,
  );

  await worker.terminate();
  await stack.close();
  process.exit(landed === CONCURRENT && burst.failed === 0 ? 0 : 1);
}
