// /auth/v1: the part of Supabase Auth (GoTrue) the site uses. Password and refresh-token
// grants with rotation, the user endpoint, logout, the admin API and a sign-in rate limit.
import type { Context } from "hono";
import { Hono } from "hono";
import type { Db, Queryable } from "./db.ts";
import { JwtError, signJwt, verifyJwt, type JwtClaims } from "./jwt.ts";
import {
  appMetadata,
  checkPassword,
  createSession,
  createUser,
  findUserByEmail,
  findUserById,
  newRefreshToken,
  sessionExists,
  updateUser,
  userJson,
  type UserInput,
  type UserRow,
} from "./users.ts";

export interface RateLimitOptions {
  /** Failed sign-ins allowed per e-mail address within the window. */
  maxAttempts?: number;
  /** Failed sign-ins allowed per client address within the window. */
  maxAttemptsPerIp?: number;
  windowMs?: number;
}

export interface AuthOptions {
  db: Db;
  jwtSecret: string;
  jwtExpiry: number;
  issuer: () => string;
  rateLimit: RateLimitOptions;
  clientIp: (c: Context) => string;
}

class FailureLimiter {
  private hits = new Map<string, number[]>();
  constructor(private readonly windowMs: number) {}
  private recent(key: string, now: number) {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }
  count(key: string) {
    return this.recent(key, Date.now()).length;
  }
  add(key: string) {
    const now = Date.now();
    const list = this.recent(key, now);
    list.push(now);
    this.hits.set(key, list);
  }
  clear(key: string) {
    this.hits.delete(key);
  }
}

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function authRoutes(options: AuthOptions): Hono {
  const { db, jwtSecret } = options;
  const rl = {
    maxAttempts: options.rateLimit.maxAttempts ?? 10,
    maxAttemptsPerIp: options.rateLimit.maxAttemptsPerIp ?? 30,
    windowMs: options.rateLimit.windowMs ?? 5 * 60_000,
  };
  const limiter = new FailureLimiter(rl.windowMs);
  const app = new Hono();

  const send = (c: Context, status: number, body: unknown, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = {
      "content-type": "application/json; charset=utf-8",
      ...extra,
    };
    const version = c.req.header("x-supabase-api-version");
    if (version) headers["x-supabase-api-version"] = "2024-01-01";
    return new Response(body === null ? null : JSON.stringify(body), { status, headers });
  };

  const fail = (c: Context, e: AuthError) => {
    const versioned = !!c.req.header("x-supabase-api-version");
    const body = versioned
      ? { code: e.code, message: e.message }
      : { code: e.status, error_code: e.code, msg: e.message };
    return send(c, e.status, body, { "x-sb-error-code": e.code });
  };

  const wrap =
    (fn: (c: Context) => Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      try {
        return await fn(c);
      } catch (e) {
        if (e instanceof AuthError) return fail(c, e);
        throw e;
      }
    };

  const readJson = async (c: Context): Promise<Record<string, unknown>> => {
    const text = await c.req.text();
    if (!text.trim()) return {};
    try {
      const v = JSON.parse(text);
      if (v && typeof v === "object" && !Array.isArray(v)) return v;
    } catch {
      // fall through
    }
    throw new AuthError(400, "bad_json", "Could not parse request body as JSON");
  };

  const owner = <T>(fn: (q: Queryable) => Promise<T>) => db.transaction({}, fn);

  async function tokenResponse(
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    signedInAt: number,
  ) {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + options.jwtExpiry;
    const claims: JwtClaims = {
      aud: "authenticated",
      exp,
      iat: now,
      iss: options.issuer(),
      sub: user.id,
      email: user.email ?? "",
      phone: user.phone ?? "",
      app_metadata: appMetadata(user),
      user_metadata: user.raw_user_meta_data ?? {},
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: signedInAt }],
      session_id: sessionId,
      is_anonymous: false,
    };
    return {
      access_token: signJwt(claims, jwtSecret),
      token_type: "bearer",
      expires_in: options.jwtExpiry,
      expires_at: exp,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  /** The signed-in user behind the bearer token, as GoTrue's requireAuthentication. */
  async function requireUser(c: Context, { needSession = true } = {}) {
    const auth = c.req.header("authorization");
    const m = auth ? /^bearer\s+(.+)$/i.exec(auth.trim()) : null;
    if (!m)
      throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
    let claims: JwtClaims;
    try {
      claims = verifyJwt(m[1]!.trim(), jwtSecret);
    } catch (e) {
      const reason =
        e instanceof JwtError && e.expired
          ? "token has invalid claims: token is expired"
          : "signature is invalid";
      throw new AuthError(
        403,
        "bad_jwt",
        `invalid JWT: unable to parse or verify signature, ${reason}`,
      );
    }
    if (typeof claims.sub !== "string" || !claims.sub)
      throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
    const sessionId = typeof claims.session_id === "string" ? claims.session_id : null;
    return owner(async (q) => {
      const user = /^[0-9a-f-]{36}$/i.test(claims.sub!) ? await findUserById(q, claims.sub!) : null;
      if (!user)
        throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
      if (needSession && sessionId && !(await sessionExists(q, sessionId))) {
        throw new AuthError(
          403,
          "session_not_found",
          "Session from session_id claim in JWT does not exist",
        );
      }
      return { user, claims, sessionId };
    });
  }

  function requireAdmin(c: Context) {
    const auth = c.req.header("authorization");
    const m = auth ? /^bearer\s+(.+)$/i.exec(auth.trim()) : null;
    if (!m)
      throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
    let claims: JwtClaims;
    try {
      claims = verifyJwt(m[1]!.trim(), jwtSecret);
    } catch {
      throw new AuthError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
    }
    if (claims.role !== "service_role" && claims.role !== "supabase_admin") {
      throw new AuthError(403, "not_admin", "User not allowed");
    }
  }

  app.post(
    "/token",
    wrap(async (c) => {
      const grant = c.req.query("grant_type");
      const body = await readJson(c);
      if (grant === "password") {
        const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
        const password = typeof body.password === "string" ? body.password : "";
        if (!email && typeof body.phone === "string") {
          throw new AuthError(400, "phone_provider_disabled", "Phone logins are disabled");
        }
        if (!email || !password)
          throw new AuthError(400, "validation_failed", "missing email or phone");
        const ip = options.clientIp(c);
        const emailKey = `email:${email}`;
        const ipKey = `ip:${ip}`;
        if (
          limiter.count(emailKey) >= rl.maxAttempts ||
          limiter.count(ipKey) >= rl.maxAttemptsPerIp
        ) {
          throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
        }
        const user = await owner((q) => findUserByEmail(q, email));
        const ok = await checkPassword(password, user?.encrypted_password ?? null);
        if (!user || !ok) {
          limiter.add(emailKey);
          limiter.add(ipKey);
          throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
        }
        if (!user.email_confirmed_at)
          throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
        if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) {
          throw new AuthError(400, "user_banned", "User is banned");
        }
        limiter.clear(emailKey);
        const { sessionId, refreshToken, fresh } = await owner(async (q) => {
          const s = await createSession(q, user.id, { ip, userAgent: c.req.header("user-agent") });
          return { ...s, fresh: (await findUserById(q, user.id))! };
        });
        return send(
          c,
          200,
          await tokenResponse(fresh, sessionId, refreshToken, Math.floor(Date.now() / 1000)),
        );
      }
      if (grant === "refresh_token") {
        const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
        if (!token) throw new AuthError(400, "validation_failed", "refresh_token required");
        const result = await owner(async (q) => {
          const r = await q.query<{
            id: string;
            revoked: boolean;
            user_id: string;
            session_id: string | null;
            signed_in: number;
          }>(
            `select rt.id::text as id, rt.revoked, rt.user_id::text as user_id, rt.session_id::text as session_id,
                    extract(epoch from s.created_at)::int as signed_in
             from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
             where rt.token = $1 for update of rt`,
            [token],
          );
          const row = r.rows[0];
          if (!row)
            return {
              error: new AuthError(
                400,
                "refresh_token_not_found",
                "Invalid Refresh Token: Refresh Token Not Found",
              ),
            };
          if (row.revoked) {
            // A rotated token came back: treat the session as stolen and end it.
            await q.query(`delete from auth.sessions where id = $1::uuid`, [row.session_id]);
            return {
              error: new AuthError(
                400,
                "refresh_token_already_used",
                "Invalid Refresh Token: Already Used",
              ),
            };
          }
          const user = await findUserById(q, row.user_id);
          if (!user)
            return {
              error: new AuthError(
                400,
                "refresh_token_not_found",
                "Invalid Refresh Token: Refresh Token Not Found",
              ),
            };
          const next = newRefreshToken();
          await q.query(
            `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`,
            [row.id],
          );
          await q.query(
            `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)`,
            [next, row.user_id, row.session_id, token],
          );
          await q.query(
            `update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid`,
            [row.session_id],
          );
          return { user, sessionId: row.session_id!, next, signedIn: Number(row.signed_in) };
        });
        if ("error" in result && result.error) throw result.error;
        const r = result as { user: UserRow; sessionId: string; next: string; signedIn: number };
        return send(c, 200, await tokenResponse(r.user, r.sessionId, r.next, r.signedIn));
      }
      throw new AuthError(400, "unsupported_grant_type", "unsupported_grant_type");
    }),
  );

  app.get(
    "/user",
    wrap(async (c) => {
      const { user } = await requireUser(c);
      return send(c, 200, userJson(user));
    }),
  );

  app.put(
    "/user",
    wrap(async (c) => {
      const { user } = await requireUser(c);
      const body = await readJson(c);
      const input: UserInput = {};
      if (typeof body.password === "string") {
        if (body.password.length < 6)
          throw new AuthError(422, "weak_password", "Password should be at least 6 characters.");
        input.password = body.password;
      }
      if (body.data && typeof body.data === "object")
        input.user_metadata = body.data as Record<string, unknown>;
      const updated = await owner((q) => updateUser(q, user, input));
      return send(c, 200, userJson(updated));
    }),
  );

  app.post(
    "/logout",
    wrap(async (c) => {
      let who: Awaited<ReturnType<typeof requireUser>>;
      try {
        who = await requireUser(c, { needSession: false });
      } catch (e) {
        if (
          e instanceof AuthError &&
          (e.code === "user_not_found" || e.code === "session_not_found")
        ) {
          return new Response(null, { status: 204 });
        }
        throw e;
      }
      const scope = c.req.query("scope") ?? "global";
      await owner(async (q) => {
        if (scope === "local" && who.sessionId) {
          await q.query(`delete from auth.sessions where id = $1::uuid`, [who.sessionId]);
        } else if (scope === "others") {
          await q.query(
            `delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid`,
            [who.user.id, who.sessionId],
          );
        } else {
          await q.query(`delete from auth.sessions where user_id = $1::uuid`, [who.user.id]);
        }
      });
      return new Response(null, { status: 204 });
    }),
  );

  app.post(
    "/signup",
    wrap(async () => {
      throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
    }),
  );

  for (const path of ["/otp", "/magiclink", "/recover", "/verify", "/resend"]) {
    app.post(
      path,
      wrap(async () => {
        throw new AuthError(
          422,
          "email_provider_disabled",
          "Only password sign-in is enabled on this project",
        );
      }),
    );
  }

  app.get("/settings", (c) =>
    send(c, 200, {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    }),
  );

  app.get("/health", (c) =>
    send(c, 200, { version: "local", name: "GoTrue", description: "Appgrove local auth" }),
  );

  const validateInput = (body: Record<string, unknown>, creating: boolean): UserInput => {
    const input: UserInput = {};
    if (body.email !== undefined) {
      if (typeof body.email !== "string" || !EMAIL_RE.test(body.email.trim())) {
        throw new AuthError(
          400,
          "validation_failed",
          "Unable to validate email address: invalid format",
        );
      }
      input.email = body.email.trim().toLowerCase();
    } else if (creating) {
      throw new AuthError(
        400,
        "validation_failed",
        "Unable to validate email address: invalid format",
      );
    }
    if (body.password !== undefined) {
      if (typeof body.password !== "string" || body.password.length < 6) {
        throw new AuthError(422, "weak_password", "Password should be at least 6 characters.");
      }
      input.password = body.password;
    }
    if (body.email_confirm !== undefined) input.email_confirm = !!body.email_confirm;
    if (body.app_metadata && typeof body.app_metadata === "object")
      input.app_metadata = body.app_metadata as Record<string, unknown>;
    if (body.user_metadata && typeof body.user_metadata === "object")
      input.user_metadata = body.user_metadata as Record<string, unknown>;
    if (typeof body.ban_duration === "string")
      input.ban_duration = body.ban_duration === "none" ? "none" : body.ban_duration;
    return input;
  };

  app.post(
    "/admin/users",
    wrap(async (c) => {
      requireAdmin(c);
      const input = validateInput(await readJson(c), true);
      const user = await owner(async (q) => {
        if (await findUserByEmail(q, input.email!)) {
          throw new AuthError(
            422,
            "email_exists",
            "A user with this email address has already been registered",
          );
        }
        return createUser(q, input);
      });
      return send(c, 200, userJson(user));
    }),
  );

  app.get(
    "/admin/users",
    wrap(async (c) => {
      requireAdmin(c);
      const page = Math.max(1, Number(c.req.query("page") ?? 1) || 1);
      const perPage = Math.min(1000, Math.max(1, Number(c.req.query("per_page") ?? 50) || 50));
      const { rows, total } = await owner(async (q) => {
        const r = await q.query<{ j: string }>(
          `select row_to_json(u)::text as j from auth.users u where deleted_at is null
           order by created_at, id limit $1 offset $2`,
          [perPage, (page - 1) * perPage],
        );
        const t = await q.query<{ n: number }>(
          `select count(*)::int as n from auth.users where deleted_at is null`,
        );
        return { rows: r.rows.map((x) => JSON.parse(x.j) as UserRow), total: Number(t.rows[0]!.n) };
      });
      const last = Math.max(1, Math.ceil(total / perPage));
      const base = new URL(c.req.url);
      const link = (p: number, rel: string) => {
        base.searchParams.set("page", String(p));
        base.searchParams.set("per_page", String(perPage));
        return `<${base.pathname}${base.search}>; rel="${rel}"`;
      };
      const links = [];
      if (page < last) links.push(link(page + 1, "next"));
      links.push(link(last, "last"));
      return send(
        c,
        200,
        { users: rows.map(userJson), aud: "authenticated" },
        { "x-total-count": String(total), link: links.join(", ") },
      );
    }),
  );

  const userById = async (q: Queryable, id: string) => {
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await findUserById(q, id) : null;
    if (!user) throw new AuthError(404, "user_not_found", "User not found");
    return user;
  };

  app.get(
    "/admin/users/:id",
    wrap(async (c) => {
      requireAdmin(c);
      const user = await owner((q) => userById(q, c.req.param("id")!));
      return send(c, 200, userJson(user));
    }),
  );

  app.put(
    "/admin/users/:id",
    wrap(async (c) => {
      requireAdmin(c);
      const input = validateInput(await readJson(c), false);
      const user = await owner(async (q) => {
        const current = await userById(q, c.req.param("id")!);
        if (input.email && input.email !== current.email) {
          const other = await findUserByEmail(q, input.email);
          if (other)
            throw new AuthError(
              422,
              "email_exists",
              "A user with this email address has already been registered",
            );
        }
        return updateUser(q, current, input);
      });
      return send(c, 200, userJson(user));
    }),
  );

  app.delete(
    "/admin/users/:id",
    wrap(async (c) => {
      requireAdmin(c);
      const user = await owner(async (q) => {
        const current = await userById(q, c.req.param("id")!);
        await q.query(`delete from auth.users where id = $1::uuid`, [current.id]);
        return current;
      });
      return send(c, 200, userJson(user));
    }),
  );

  app.all("*", (c) => fail(c, new AuthError(404, "not_found", "Not found")));
  return app;
}
