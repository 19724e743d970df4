// The key model of a hosted project today, through supabase-js: publishable and secret keys
// beside the legacy anon and service_role JWTs, the gateway's rules for them, and access tokens
// signed with an asymmetric key (ES256) published as a JWKS.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { signEs256Jwt, signJwt } from "../src/jwt.ts";
import { generateSigningKey } from "../src/signing-keys.ts";
import {
  client,
  FIXTURE_CONFIG,
  grantAdminClaim,
  jwtClaims,
  startTestStack,
  unsignedJwt,
  type TestStack,
} from "./helpers.ts";

const FIXTURE = `
create table public.posts (
  id int generated always as identity primary key,
  title text not null,
  published boolean not null default false
);
alter table public.posts enable row level security;
create policy posts_read on public.posts for select to anon, authenticated using (published);
create policy posts_suggest on public.posts for insert to anon with check (not published);
create policy posts_staff on public.posts for all to authenticated
  using (coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin')
  with check (true);
insert into public.posts (title, published) values ('Hello', true), ('Draft', false);
create function public.request_claims() returns jsonb language sql stable
  as $$ select (select auth.jwt()) $$;
`;
const STAFF = { email: "staff@example.com", password: "staff-password" };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const signingKey = generateSigningKey();

let stack: TestStack;
let staffToken = "";

const titles = (rows: { title: string }[] | null) => (rows ?? []).map((row) => row.title).sort();
const tokenHeader = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString());

function restAs(headers: Record<string, string>, path = "posts?select=title") {
  return fetch(`${stack.url}/rest/v1/${path}`, { headers });
}

beforeAll(async () => {
  stack = await startTestStack({
    extraSql: [FIXTURE],
    seedAdmin: STAFF,
    configFile: FIXTURE_CONFIG,
    signingKey,
  });
  await grantAdminClaim(stack, STAFF.email);
  const staff = client(stack.url, stack.publishableKey);
  const { data, error } = await staff.auth.signInWithPassword(STAFF);
  expect(error).toBeNull();
  staffToken = data.session!.access_token;
});

afterAll(async () => {
  await stack?.close();
});

describe("supabase-js with each key", () => {
  it("the publishable key reads and writes as anon, and staff sign in with it", async () => {
    const sb = client(stack.url, stack.publishableKey);
    const read = await sb.from("posts").select("title");
    expect(read.error).toBeNull();
    expect(titles(read.data)).toEqual(["Hello"]);
    expect((await sb.from("posts").insert({ title: "A suggestion" })).status).toBe(201);
    expect((await sb.rpc("request_claims")).data).toEqual({ role: "anon" });

    const signIn = await sb.auth.signInWithPassword(STAFF);
    expect(signIn.error).toBeNull();
    const staffRead = await sb.from("posts").select("title");
    expect(titles(staffRead.data)).toEqual(["A suggestion", "Draft", "Hello"]);
    // getClaims() fetches the JWKS and verifies the ES256 token in the client.
    const claims = await sb.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.email).toBe(STAFF.email);
  });

  it("the secret key bypasses row security and reaches the admin API", async () => {
    const read = await stack.secret.from("posts").select("title");
    expect(titles(read.data)).toContain("Draft");
    expect((await stack.secret.rpc("request_claims")).data).toEqual({ role: "service_role" });
    const users = await stack.secret.auth.admin.listUsers();
    expect(users.error).toBeNull();
    expect(users.data.users.map((user) => user.email)).toContain(STAFF.email);
  });

  it("the legacy anon key still works, for reads and sign-in", async () => {
    const read = await stack.anon.from("posts").select("title").eq("title", "Hello");
    expect(titles(read.data)).toEqual(["Hello"]);
    const sb = client(stack.url, stack.anonKey);
    expect((await sb.auth.signInWithPassword(STAFF)).error).toBeNull();
    expect(titles((await sb.from("posts").select("title").eq("title", "Draft")).data)).toEqual([
      "Draft",
    ]);
  });
});

describe("the gateway", () => {
  it("runs a request without Authorization as the publishable key's role, anon", async () => {
    const response = await fetch(`${stack.url}/rest/v1/rpc/request_claims`, {
      method: "POST",
      headers: { apikey: stack.publishableKey, "content-type": "application/json" },
      body: "{}",
    });
    expect(await response.json()).toEqual({ role: "anon" });
    const read = await restAs({ apikey: stack.publishableKey });
    expect(titles(await read.json())).toEqual(["Hello"]);
  });

  it("refuses a secret key sent by a browser", async () => {
    const rest = await restAs({ apikey: stack.secretKey, "user-agent": BROWSER });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({
      message: "Forbidden use of secret API key in browser",
      hint: "Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!",
    });
    const admin = await fetch(`${stack.url}/auth/v1/admin/users`, {
      headers: {
        apikey: stack.secretKey,
        authorization: `Bearer ${stack.secretKey}`,
        "user-agent": BROWSER,
      },
    });
    expect(admin.status).toBe(401);
    expect((await admin.json()).message).toBe("Forbidden use of secret API key in browser");
    // The same key from a server is fine.
    expect((await restAs({ apikey: stack.secretKey })).status).toBe(200);
  });

  it("allows a key in Authorization only when it is the apikey", async () => {
    const mismatches = [
      { apikey: stack.secretKey, authorization: `Bearer ${stack.publishableKey}` },
      { apikey: stack.publishableKey, authorization: `Bearer ${stack.secretKey}` },
      { apikey: stack.anonKey, authorization: `Bearer ${stack.publishableKey}` },
    ];
    for (const headers of mismatches) {
      const response = await restAs(headers);
      expect(response.status).toBe(401);
      expect((await response.json()).message).toBe("Invalid API key");
      const auth = await fetch(`${stack.url}/auth/v1/admin/users`, { headers });
      expect(auth.status).toBe(401);
    }
    const same = await restAs({
      apikey: stack.publishableKey,
      authorization: `Bearer ${stack.publishableKey}`,
    });
    expect(titles(await same.json())).toEqual(["Hello"]);
  });

  it("answers a missing or unknown apikey with the gateway's message and hint", async () => {
    for (const path of ["/rest/v1/posts", "/auth/v1/settings"]) {
      const missing = await fetch(`${stack.url}${path}`);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
      const unknown = await fetch(`${stack.url}${path}`, {
        headers: { apikey: "sb_publishable_not-this-project" },
      });
      expect(unknown.status).toBe(401);
      expect((await unknown.json()).message).toBe("Invalid API key");
    }
  });
});

describe("asymmetric access tokens", () => {
  it("names in each access token a key of the published JWKS", async () => {
    expect(tokenHeader(staffToken)).toEqual({ alg: "ES256", typ: "JWT", kid: signingKey.kid });
    // Public: no apikey needed.
    const response = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=600");
    const jwks = await response.json();
    expect(jwks).toEqual(stack.jwks);
    expect(jwks).toEqual({
      keys: [
        {
          kty: "EC",
          crv: "P-256",
          x: signingKey.x,
          y: signingKey.y,
          kid: signingKey.kid,
          alg: "ES256",
          use: "sig",
          key_ops: ["verify"],
        },
      ],
    });
  });

  it("refuses the same claims signed by any other key, whatever kid it names", async () => {
    const claims = jwtClaims(staffToken);
    const other = generateSigningKey();
    const forged = [
      signEs256Jwt(claims, { ...other, kid: signingKey.kid }),
      signEs256Jwt(claims, other),
      signJwt(claims, "not-the-legacy-secret-but-32-characters-long"),
      unsignedJwt(claims),
      // An algorithm the stack does not take, keyed with the legacy secret.
      hs512Jwt(claims, stack.jwtSecret),
    ];
    for (const token of forged) {
      const rest = await restAs({ apikey: stack.publishableKey, authorization: `Bearer ${token}` });
      expect(rest.status).toBe(401);
      expect((await rest.json()).code).toBe("PGRST301");
      const user = await stack.publishable.auth.getUser(token);
      expect(user.error?.status).toBe(403);
    }
  });

  it("still accepts an HS256 token signed with the legacy secret", async () => {
    const legacy = signJwt(jwtClaims(staffToken), stack.jwtSecret);
    const rest = await restAs({ apikey: stack.publishableKey, authorization: `Bearer ${legacy}` });
    expect(titles(await rest.json())).toContain("Draft");
    const user = await stack.publishable.auth.getUser(legacy);
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(STAFF.email);
  });
});

/** A token with alg HS512, which the stack refuses whatever signs it. */
function hs512Jwt(claims: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${encode({ alg: "HS512", typ: "JWT" })}.${encode(claims)}`;
  const signature = crypto.createHmac("sha512", secret).update(input).digest("base64url");
  return `${input}.${signature}`;
}
