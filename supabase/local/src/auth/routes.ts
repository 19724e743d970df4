// /auth/v1: the part of Supabase Auth (GoTrue) the site uses. Password and refresh-token
// grants with rotation, the user endpoint, logout, invitations, password recovery, e-mailed
// links (/verify), TOTP factors and the MFA verification attempt hook, the admin API, limits per
// client address (rate-limit.ts) and the public JWKS (served without an apikey, like hosted
// Auth's discovery endpoint).
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import { requireApiKey } from "../gateway.ts";
import { adminRoutes } from "./admin.ts";
import { factorRoutes } from "./factors.ts";
import { invitationRoutes } from "./invitations.ts";
import { recoveryRoutes } from "./recovery.ts";
import { goTrueJson } from "./respond.ts";
import { tokenRoutes } from "./tokens.ts";
import { userRoutes } from "./user.ts";
import { verificationRoutes } from "./verification.ts";

const SETTINGS = {
  external: { email: true, phone: false, anonymous_users: false },
  disable_signup: true,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: "",
  saml_enabled: false,
};

/** E-mailed sign-in codes and links the site does not use: refused. */
const EMAIL_FLOWS = ["/otp", "/magiclink", "/resend"];

/** Clients and edge caches may keep the key set this long (hosted Auth's header). */
const JWKS_CACHE_CONTROL = "public, max-age=600";

export const authRoutes = new Hono<AppEnv>()
  .get("/.well-known/jwks.json", (context) =>
    context.json(context.var.dependencies.jwtKeys.jwks, 200, {
      "cache-control": JWKS_CACHE_CONTROL,
    }),
  )
  // Opened from an e-mail in a browser, without a key: the hosted gateway lets /verify through.
  .route("/", verificationRoutes)
  .use("*", requireApiKey)
  .route("/", tokenRoutes)
  .route("/", userRoutes)
  .route("/", recoveryRoutes)
  .route("/", factorRoutes)
  .route("/", invitationRoutes)
  .post("/signup", () => {
    throw new AuthError(422, "signup_disabled", "Signups not allowed for this instance");
  })
  .on("POST", EMAIL_FLOWS, () => {
    throw new AuthError(
      422,
      "email_provider_disabled",
      "Only password sign-in and Auth's invitation and recovery links are enabled on this project",
    );
  })
  .get("/settings", (context) => goTrueJson(context, 200, SETTINGS))
  .get("/health", (context) =>
    goTrueJson(context, 200, {
      version: "local",
      name: "GoTrue",
      description: "Local Supabase stack auth",
    }),
  )
  .route("/", adminRoutes)
  .all("*", () => {
    throw new AuthError(404, "not_found", "Not found");
  });
