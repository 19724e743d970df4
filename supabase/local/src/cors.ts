// CORS for the browser app on another origin (Vite's dev server, the preview server), on every
// path but /functions/v1: there, as on hosted Supabase, the preflight and every response are the
// function's own (it sets its own CORS headers).
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

const EXPOSED_HEADERS = [
  "Content-Range",
  "Range",
  "Content-Location",
  "Content-Profile",
  "Preference-Applied",
  "Location",
  "X-Supabase-Api-Version",
  "x-sb-error-code",
  "X-Total-Count",
  "Link",
];

const FUNCTIONS_PATH = "/functions/v1/";

const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** What supabase-js sends; allowed when a preflight names no headers. */
const DEFAULT_ALLOWED_HEADERS =
  "authorization, x-client-info, apikey, content-type, prefer, accept-profile, content-profile, range, x-supabase-api-version";

const honoCors = cors({
  origin: (origin) => origin || "*",
  // One pre-joined item each: the header values stay "A, B" as the stack has always sent them.
  allowMethods: [ALLOWED_METHODS.join(", ")],
  exposeHeaders: [EXPOSED_HEADERS.join(", ")],
  maxAge: 86400,
});

/**
 * hono/cors, with preflights answered as the Supabase gateway answers them: 200 "ok" rather
 * than an empty 204 (callers of functions check for it).
 */
export const corsMiddleware: MiddlewareHandler = async (context, next) => {
  if (context.req.path.startsWith(FUNCTIONS_PATH)) return next();
  const preflight = await honoCors(context, next);
  if (!preflight) return;
  const answer = new Response("ok", { status: 200 });
  for (const [name, value] of preflight.headers) answer.headers.set(name, value);
  if (!answer.headers.has("access-control-allow-headers")) {
    answer.headers.set("access-control-allow-headers", DEFAULT_ALLOWED_HEADERS);
  }
  return answer;
};
