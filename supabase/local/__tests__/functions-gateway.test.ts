// /functions/v1 as a hosted project serves it: the hosted env variables, the function's own
// CORS (the stack adds none), and the gateway's verify_jwt check per function from config.toml.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { functionEnv } from "../src/function-env.ts";
import { signEs256Jwt } from "../src/jwt.ts";
import { ProjectConfigError, readProjectConfig } from "../src/project-config.ts";
import { generateSigningKey, loadOrCreateSigningKey } from "../src/signing-keys.ts";
import { startStack } from "../src/stack.ts";
import { client, FIXTURE_CONFIG, jwtClaims, startTestStack, type TestStack } from "./helpers.ts";

const STAFF = { email: "staff@example.com", password: "staff-password" };

let stack: TestStack;
let userToken = "";

const call = (name: string, init: RequestInit = {}) =>
  fetch(`${stack.url}/functions/v1/${name}`, { method: "POST", ...init });

const corsHeaderNames = (response: Response) =>
  [...response.headers.keys()].filter((name) => name.startsWith("access-control-")).sort();

beforeAll(async () => {
  // config.toml's site_url, whatever the developer's shell holds.
  delete process.env.SITE_URL;
  stack = await startTestStack({ seedAdmin: STAFF, configFile: FIXTURE_CONFIG });
  const staff = client(stack.url, stack.publishableKey);
  const { data, error } = await staff.auth.signInWithPassword(STAFF);
  expect(error).toBeNull();
  userToken = data.session!.access_token;
});

afterAll(async () => {
  await stack?.close();
});

describe("function environment", () => {
  it("hands the function the six hosted variables in their hosted form", async () => {
    const { data, error } = await stack.publishable.functions.invoke("open", { body: {} });
    expect(error).toBeNull();
    const env = data.env as Record<string, string>;
    expect(env).toEqual({
      SUPABASE_URL: stack.url,
      SUPABASE_PUBLISHABLE_KEYS: `{"default":"${stack.publishableKey}"}`,
      SUPABASE_SECRET_KEYS: `{"default":"${stack.secretKey}"}`,
      SUPABASE_JWKS: JSON.stringify(stack.jwks),
      SUPABASE_ANON_KEY: stack.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    });
    expect(JSON.parse(env.SUPABASE_JWKS!).keys[0]).not.toHaveProperty("d");
  });

  it("hands it SITE_URL, [auth] site_url of config.toml, as a secret default", async () => {
    const { data, error } = await stack.publishable.functions.invoke("open", { body: {} });
    expect(error).toBeNull();
    expect(data.siteUrl).toBe("http://127.0.0.1:5173");
  });

  it("hands it the stack's site as SITE_URL, whatever the environment or functions/.env say", () => {
    const functionsDir = fs.mkdtempSync(path.join(os.tmpdir(), "stack-site-url-"));
    const siteUrlFrom = () =>
      functionEnv({
        functionsDir,
        hosted: {},
        localResend: { url: "http://127.0.0.1:1/__local/resend/emails", apiKey: "re_local_x" },
        siteUrl: "http://127.0.0.1:5173",
      }).SITE_URL;
    try {
      expect(siteUrlFrom()).toBe("http://127.0.0.1:5173");
      // The stack reads SITE_URL when it starts (local-site.ts); production's stays out.
      process.env.SITE_URL = "https://from-environment.example";
      expect(siteUrlFrom()).toBe("http://127.0.0.1:5173");
      fs.writeFileSync(path.join(functionsDir, ".env"), "SITE_URL=https://from-dotenv.example\n");
      expect(siteUrlFrom()).toBe("http://127.0.0.1:5173");
    } finally {
      delete process.env.SITE_URL;
      fs.rmSync(functionsDir, { recursive: true, force: true });
    }
  });
});

describe("CORS is the function's own", () => {
  it("lets a preflight through to the function, unchecked, and adds nothing", async () => {
    const preflight = await fetch(`${stack.url}/functions/v1/probe`, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, x-client-info, apikey, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("x-probe")).toBe("preflight");
    expect(corsHeaderNames(preflight)).toEqual([
      "access-control-allow-headers",
      "access-control-allow-origin",
    ]);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("adds no CORS headers to a function's answer, nor to the gateway's refusal", async () => {
    const answer = await call("open", {
      headers: { apikey: stack.publishableKey, origin: "http://127.0.0.1:5173" },
    });
    expect(answer.status).toBe(200);
    expect(corsHeaderNames(answer)).toEqual([
      "access-control-allow-headers",
      "access-control-allow-origin",
    ]);
    const refused = await call("probe", { headers: { origin: "http://127.0.0.1:5173" } });
    expect(refused.status).toBe(401);
    expect(corsHeaderNames(refused)).toEqual([]);
  });
});

describe("verify_jwt", () => {
  it("on (no entry in config.toml): refuses a call without Authorization", async () => {
    const response = await call("probe", { headers: { apikey: stack.publishableKey } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: "UNAUTHORIZED_NO_AUTH_HEADER",
      message: "Missing authorization header",
    });
  });

  it("on: refuses the publishable-key client, and a bearer that is not a valid JWT", async () => {
    // supabase-js sends a new-format key as apikey only, never as a bearer.
    const { error } = await stack.publishable.functions.invoke("probe", { body: {} });
    const refusal = (error as FunctionsHttpError).context as Response;
    expect(refusal.status).toBe(401);
    expect(await refusal.json()).toEqual({
      code: "UNAUTHORIZED_NO_AUTH_HEADER",
      message: "Missing authorization header",
    });
    const forged = signEs256Jwt(jwtClaims(userToken), generateSigningKey());
    for (const token of [stack.publishableKey, forged, "not-a-jwt"]) {
      const response = await call("probe", {
        headers: { apikey: stack.publishableKey, authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(401);
      expect((await response.json()).code).toBe("UNAUTHORIZED_INVALID_JWT_FORMAT");
    }
  });

  it("on: lets a user's JWT through to the function", async () => {
    const signedIn = client(stack.url, stack.publishableKey);
    expect((await signedIn.auth.signInWithPassword(STAFF)).error).toBeNull();
    const { data, error } = await signedIn.functions.invoke("probe", { body: {} });
    expect(error).toBeNull();
    expect(data.authorization).toMatch(/^Bearer eyJ/);
    expect(data.apikey).toBe(stack.publishableKey);
  });

  it("off: a publishable-key call, or one without an apikey, reaches the function", async () => {
    const { data, error } = await stack.publishable.functions.invoke("open", { body: {} });
    expect(error).toBeNull();
    expect(data.authorization).toBeNull();
    expect(data.apikey).toBe(stack.publishableKey);
    expect((await call("open")).status).toBe(200);
  });

  it("refuses a present but invalid apikey, and a secret key from a browser, either way", async () => {
    for (const name of ["open", "probe"]) {
      const invalid = await call(name, {
        headers: { apikey: "sb_publishable_unknown", authorization: `Bearer ${userToken}` },
      });
      expect(invalid.status).toBe(401);
      expect((await invalid.json()).message).toBe("Invalid API key");
    }
    const browser = await call("open", {
      headers: { apikey: stack.secretKey, "user-agent": "Mozilla/5.0 (Macintosh)" },
    });
    expect(browser.status).toBe(401);
    expect((await browser.json()).message).toBe("Forbidden use of secret API key in browser");
  });
});

describe("config.toml and the signing key", () => {
  const temporary = () => fs.mkdtempSync(path.join(os.tmpdir(), "stack-config-"));

  it("reads the project's settings, verify_jwt per function", () => {
    const config = readProjectConfig(FIXTURE_CONFIG);
    expect(config).toMatchObject({
      apiPort: 54321,
      siteUrl: "http://127.0.0.1:5173",
      jwtExpiry: 3600,
      rateLimits: {
        signInsSignUps: 30,
        tokenRefreshes: 150,
        tokenVerifications: 30,
        // The CLI's default, which the fixture leaves as it is.
        emailsSent: 2,
      },
      mfaVerificationHook: null,
      emailLogins: true,
      verifyJwt: { open: false },
    });
    expect(stack.siteUrl).toBe("http://127.0.0.1:5173");
  });

  it("refuses to start with sign-ups enabled, or with the e-mail switch's old name", async () => {
    const directory = temporary();
    try {
      for (const [from, to, reason] of [
        [
          "enable_signup = false\n\n[auth.rate_limit]",
          "enable_signup = true\n\n[auth.rate_limit]",
          /\[auth\] enable_signup .*npm run admin:create$/,
        ],
        [
          "[auth.email]\nenabled = true",
          "[auth.email]\nenable_signup = false",
          /\[auth.email\] enable_signup is the deprecated name/,
        ],
      ] as const) {
        const file = path.join(directory, "config.toml");
        fs.writeFileSync(file, fs.readFileSync(FIXTURE_CONFIG, "utf8").replace(from, to));
        const started = startStack({ inMemory: true, port: 0, configFile: file });
        await expect(started).rejects.toBeInstanceOf(ProjectConfigError);
        await expect(started).rejects.toThrow(reason);
      }
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it("refuses e-mail sign-ins when [auth.email] enabled is false", async () => {
    const directory = temporary();
    const file = path.join(directory, "config.toml");
    fs.writeFileSync(
      file,
      fs
        .readFileSync(FIXTURE_CONFIG, "utf8")
        .replace("[auth.email]\nenabled = true", "[auth.email]\nenabled = false"),
    );
    const stack = await startStack({
      inMemory: true,
      port: 0,
      configFile: file,
      seedAdmin: STAFF,
    });
    try {
      const { error } = await client(stack.url, stack.publishableKey).auth.signInWithPassword(
        STAFF,
      );
      expect(error?.status).toBe(400);
      expect(error?.code).toBe("email_provider_disabled");
    } finally {
      await stack.close();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });

  it("keeps the on-disk stack's signing key in a file, so tokens outlive a restart", () => {
    const directory = temporary();
    try {
      const file = path.join(directory, "signing-keys.json");
      const first = loadOrCreateSigningKey(file);
      expect(loadOrCreateSigningKey(file)).toEqual(first);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
