// /auth/v1: the part of Supabase Auth (GoTrue) the site uses. Password and refresh-token
// grants with rotation, the user endpoint, logout, the admin API and a sign-in rate limit.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import { apiKeyOf, verifyApiKey } from "../keys.ts";
import { adminRoutes } from "./admin.ts";
import { goTrueJson } from "./respond.ts";
import { tokenRoutes } from "./tokens.ts";
import { userRoutes } from "./user.ts";

/** The hosted gateway's check in front of Auth: an anon or service-role key. */
const requireApiKey = createMiddleware<AppEnv>(async (context, next) => {
  const key = apiKeyOf(context.req.raw.headers, new URL(context.req.url));
  if (!key || !verifyApiKey(key, context.var.dependencies.jwtSecret)) {
    return context.json(
      { message: key ? "Invalid API key" : "No API key found in request", hint: null },
      401,
    );
  }
  await next();
});

const SETTINGS = {
  external: { email: true, phone: false, anonymous_users: false },
  disable_signup: true,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: "",
  saml_enabled: false,
};

/** Sign-in flows other than the password: the project has them switched off. */
const EMAIL_FLOWS = ["/otp", "/magiclink", "/recover", "/verify", "/resend"];

export const authRoutes = new Hono<AppEnv>()
  .use("*", requireApiKey)
  .route("/", tokenRoutes)
  .route("/", userRoutes)
  .post("/signup", () => {
    throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
  })
  .on("POST", EMAIL_FLOWS, () => {
    throw new AuthError(
      422,
      "email_provider_disabled",
      "Only password sign-in is enabled on this project",
    );
  })
  .get("/settings", (context) => goTrueJson(context, 200, SETTINGS))
  .get("/health", (context) =>
    goTrueJson(context, 200, {
      version: "local",
      name: "GoTrue",
      description: "Appgrove local auth",
    }),
  )
  .route("/", adminRoutes)
  .all("*", () => {
    throw new AuthError(404, "not_found", "Not found");
  });
