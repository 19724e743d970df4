// The limits hosted Supabase puts on every /rest/v1 caller: at most [api] max_rows rows per read
// (a table or an rpc; writes are not capped, as in PostgREST), a statement timeout per role
// (anon 3 s, authenticated 8 s, service_role none) that cuts a long query while other requests
// are served, and JWTs whose time claims must be numbers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import { startTestStack, type TestStack } from "../../local/__tests__/helpers.ts";
import { DEFAULT_CONFIG_FILE } from "../../local/src/config.ts";
import { signJwt } from "../../local/src/jwt.ts";
import { rawRequest, signRawJwt } from "./rest-support.ts";
import { BACKEND, ms, startProjectStack, suiteFigures } from "./support.ts";

const ROWS = 1_100;
const FIXTURE = `
create table public.hardening_rows (id int primary key, label text not null);
alter table public.hardening_rows enable row level security;
create policy "hardening_rows: anyone reads" on public.hardening_rows for select
  to anon, authenticated using (true);
revoke all on public.hardening_rows from anon, authenticated;
grant select on public.hardening_rows to anon, authenticated;
insert into public.hardening_rows select n, 'row ' || n from generate_series(1, ${ROWS}) n;
create function public.hardening_rows_all() returns setof public.hardening_rows
  language sql stable as $$ select * from public.hardening_rows order by id $$;
create function public.hardening_sleep(seconds double precision) returns boolean
  language plpgsql as $$ begin perform pg_sleep(seconds); return true; end $$;
create function public.hardening_statement_timeout() returns text
  language sql stable as $$ select current_setting('statement_timeout') $$;
`;

let stack: TestStack;
const limits = suiteFigures("load");
const claims = suiteFigures("access");
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  stack = await startProjectStack({ seedFile: null, extraSql: [FIXTURE] });
});

afterAll(async () => {
  recordFigures("rest-limits", BACKEND, [...limits.figures, ...claims.figures]);
  await stack?.close();
});

describe("max_rows (1000, as config.toml and hosted)", () => {
  it("caps a read without a limit, and with a larger one", async () => {
    const all = await rawRequest(stack, "/rest/v1/hardening_rows?select=id&order=id");
    expect(all.status).toBe(200);
    expect((all.json as unknown[]).length).toBe(1_000);
    expect(all.contentRange).toBe("0-999/*");
    const large = await rawRequest(stack, "/rest/v1/hardening_rows?select=id&limit=5000");
    expect((large.json as unknown[]).length).toBe(1_000);
    const small = await rawRequest(stack, "/rest/v1/hardening_rows?select=id&limit=3");
    expect((small.json as unknown[]).length).toBe(3);
  });

  it("shows the cut with count=exact: 206 and the full total", async () => {
    const counted = await rawRequest(stack, "/rest/v1/hardening_rows?select=id", {
      prefer: "count=exact",
    });
    expect(counted.status).toBe(206);
    expect(counted.contentRange).toBe(`0-999/${ROWS}`);
    const rest = await rawRequest(stack, "/rest/v1/hardening_rows?select=id&offset=1000", {
      prefer: "count=exact",
    });
    expect(rest.contentRange).toBe(`1000-1099/${ROWS}`);
    const { data, count, status } = await stack.publishable
      .from("hardening_rows")
      .select("id", { count: "exact" });
    expect([data?.length, count, status]).toEqual([1_000, ROWS, 206]);
    limits.figure(
      "max_rows on a table read",
      `${data?.length} of ${count} rows, status ${status}, Content-Range 0-999/${ROWS}`,
      data?.length === 1_000 && count === ROWS && status === 206,
    );
  });

  it("caps an rpc returning rows, and counts it", async () => {
    const call = await rawRequest(stack, "/rest/v1/rpc/hardening_rows_all?select=id", {
      prefer: "count=exact",
    });
    expect(call.status).toBe(206);
    expect((call.json as unknown[]).length).toBe(1_000);
    expect(call.contentRange).toBe(`0-999/${ROWS}`);
    const { data } = await stack.publishable.rpc("hardening_rows_all");
    expect(data).toHaveLength(1_000);
  });

  it("does not cap the rows a write returns (PostgREST applies max-rows to reads only)", async () => {
    const { data, error } = await stack.secret
      .from("hardening_rows")
      .update({ label: "updated" })
      .gte("id", 1)
      .select("id");
    expect(error).toBeNull();
    expect(data).toHaveLength(ROWS);
    limits.figure("max_rows on writes", `update returned ${data?.length} rows (not capped)`, true);
  });

  it("follows a smaller [api] max_rows from the config file", async () => {
    // A project folder of its own: config.toml's paths (the Auth e-mails' templates) are
    // relative to it, so the templates come along.
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "max-rows-"));
    const configFile = path.join(directory, "supabase", "config.toml");
    fs.cpSync(
      path.join(path.dirname(DEFAULT_CONFIG_FILE), "templates"),
      path.join(directory, "supabase", "templates"),
      { recursive: true },
    );
    const config = fs.readFileSync(DEFAULT_CONFIG_FILE, "utf8");
    fs.writeFileSync(configFile, config.replace(/^max_rows = \d+$/m, "max_rows = 5"));
    const small = await startTestStack({ configFile, extraSql: [FIXTURE] });
    try {
      const read = await rawRequest(small, "/rest/v1/hardening_rows?select=id&limit=50", {
        prefer: "count=exact",
      });
      expect([read.status, read.contentRange]).toEqual([206, `0-4/${ROWS}`]);
      const call = await small.publishable.rpc("hardening_rows_all");
      expect(call.data).toHaveLength(5);
    } finally {
      await small.close();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("statement timeouts per role", () => {
  it("sets hosted Supabase's timeout for each role", async () => {
    const read = async (token: string) =>
      (
        await rawRequest(stack, "/rest/v1/rpc/hardening_statement_timeout", {
          authorization: `Bearer ${token}`,
        })
      ).json;
    const user = signJwt(
      { role: "authenticated", sub: crypto.randomUUID(), exp: now() + 600 },
      stack.jwtSecret,
    );
    const timeouts = [
      await read(stack.anonKey),
      await read(user),
      await read(stack.serviceRoleKey),
    ];
    expect(timeouts).toEqual(["3s", "8s", "0"]);
  });

  it.skipIf(BACKEND === "PGlite")(
    "cuts a 10 s query as anon at 3 s with 500 57014, serving other requests meanwhile (PostgreSQL only: PGlite does not enforce statement_timeout)",
    async () => {
      const started = performance.now();
      const sleeping = rawRequest(
        stack,
        "/rest/v1/rpc/hardening_sleep",
        { "content-type": "application/json" },
        { method: "POST", body: JSON.stringify({ seconds: 10 }) },
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const meanwhile = await rawRequest(stack, "/rest/v1/hardening_rows?select=id&id=eq.1");
      const cut = await sleeping;
      const elapsed = performance.now() - started;
      expect(meanwhile.status).toBe(200);
      expect(meanwhile.milliseconds).toBeLessThan(1_500);
      expect([cut.status, cut.code]).toEqual([500, "57014"]);
      expect(cut.message).toContain("statement timeout");
      expect(elapsed).toBeGreaterThan(2_900);
      expect(elapsed).toBeLessThan(6_000);
      limits.figure(
        "anon statement timeout (pg_sleep(10) via rpc)",
        `cut after ${ms(elapsed)} with ${cut.status} ${cut.code}; a read meanwhile took ${ms(meanwhile.milliseconds)}`,
        true,
      );
    },
  );
});

describe("JWT time claims", () => {
  const CASES: [string, () => string, number, string][] = [
    [
      "exp as a string",
      () => signRawJwt(`{"role":"anon","exp":"${now() + 600}"}`, stack.jwtSecret),
      401,
      "PGRST303",
    ],
    ["exp null", () => signRawJwt('{"role":"anon","exp":null}', stack.jwtSecret), 401, "PGRST303"],
    [
      "exp beyond any number",
      () => signRawJwt('{"role":"anon","exp":1e999}', stack.jwtSecret),
      401,
      "PGRST303",
    ],
    [
      "nbf as a string",
      () => signRawJwt(`{"role":"anon","exp":${now() + 600},"nbf":"0"}`, stack.jwtSecret),
      401,
      "PGRST303",
    ],
    [
      "iat as a string",
      () => signRawJwt(`{"role":"anon","exp":${now() + 600},"iat":"0"}`, stack.jwtSecret),
      401,
      "PGRST303",
    ],
    [
      "iat in the future",
      () => signJwt({ role: "anon", exp: now() + 7200, iat: now() + 3600 }, stack.jwtSecret),
      401,
      "PGRST303",
    ],
    [
      "nbf in the future",
      () => signJwt({ role: "anon", exp: now() + 7200, nbf: now() + 3600 }, stack.jwtSecret),
      401,
      "PGRST303",
    ],
    ["expired", () => signJwt({ role: "anon", exp: now() - 10 }, stack.jwtSecret), 401, "PGRST303"],
    [
      "valid",
      () =>
        signJwt({ role: "anon", exp: now() + 600, nbf: now() - 5, iat: now() }, stack.jwtSecret),
      200,
      "",
    ],
  ];
  for (const [label, token, status, code] of CASES) {
    it(`${label}: ${status} ${code}`.trim(), async () => {
      const answer = await rawRequest(stack, "/rest/v1/hardening_rows?select=id&id=eq.1", {
        authorization: `Bearer ${token()}`,
      });
      expect([answer.status, answer.code ?? ""]).toEqual([status, code]);
      if (status === 401) expect(answer.text).not.toContain('"id"');
    });
  }

  it("Auth refuses a token whose exp is a string", async () => {
    const token = signRawJwt(
      `{"role":"authenticated","sub":"${crypto.randomUUID()}","exp":"${now() + 600}"}`,
      stack.jwtSecret,
    );
    const { error } = await stack.publishable.auth.getUser(token);
    expect(error?.status).toBe(403);
    claims.figure(
      "JWT time claims that are not numbers",
      "refused by REST (401 PGRST303) and Auth (403)",
      true,
    );
  });
});
