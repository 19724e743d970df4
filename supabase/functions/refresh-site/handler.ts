// Refreshes the static site when what visitors see has changed. A schedule calls it with the
// secret key (Supabase Cron every few seconds on hosted, the local stack's scheduler here):
//   1. Builds still running are checked against the site's build.json: a build is live once the
//      site says it read its data after the build started.
//   2. claim_site_build() opens one build for every change not yet built, once they have been
//      quiet for SITE_REFRESH_QUIET_SECONDS (or waited SITE_REFRESH_LONGEST_WAIT_SECONDS): a
//      burst of saves makes one build. It also records the scheduled posts that came due.
//   3. The site's build hook (SITE_DEPLOY_HOOK_URL, from Netlify, Vercel or Cloudflare Pages)
//      starts the build; a refused or unreachable hook fails the build, and staff see it. A
//      failed build is tried again after SITE_BUILD_RETRY_SECONDS.
import { callDatabaseFunction, readDatabase, restRequest } from "../_shared/database.ts";
import type { Database } from "../_shared/database.ts";
import { answerPost, jsonResponse } from "../_shared/http.ts";
import { KiB } from "../_shared/request-body.ts";
import { HttpError } from "../_shared/http-error.ts";
import { authoriseServerCaller } from "../_shared/keys.ts";
import type { FunctionContext, FunctionEnv, FunctionHandler } from "../_shared/types.ts";

const HOOK_TIMEOUT_MS = 10_000;
/** The schedule sends no body that it reads. */
const MAX_BODY_BYTES = 4 * KiB;

interface RefreshSettings {
  siteUrl: string;
  hookUrl: string;
  quietSeconds: number;
  longestWaitSeconds: number;
  buildTimeoutSeconds: number;
  retrySeconds: number;
}

interface SiteBuild {
  id: number;
  started_at: string;
}

function seconds(env: FunctionEnv, name: string, fallback: number): number {
  const value = Number(env.get(name) ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    throw new HttpError(500, `${name} must be a whole number of seconds.`);
  }
  return value;
}

function readSettings(env: FunctionEnv): RefreshSettings {
  const siteUrl = env.get("SITE_URL")?.trim().replace(/\/+$/, "");
  const hookUrl = env.get("SITE_DEPLOY_HOOK_URL")?.trim();
  if (!siteUrl || !hookUrl) {
    throw new HttpError(500, "SITE_URL and SITE_DEPLOY_HOOK_URL must be configured.");
  }
  return {
    siteUrl,
    hookUrl,
    quietSeconds: seconds(env, "SITE_REFRESH_QUIET_SECONDS", 20),
    longestWaitSeconds: seconds(env, "SITE_REFRESH_LONGEST_WAIT_SECONDS", 120),
    buildTimeoutSeconds: seconds(env, "SITE_BUILD_TIMEOUT_SECONDS", 1800),
    retrySeconds: seconds(env, "SITE_BUILD_RETRY_SECONDS", 60),
  };
}

/** When the site's current build read its data (its build.json); null when it cannot say. */
async function siteDataReadAt(ctx: FunctionContext, siteUrl: string): Promise<number | null> {
  try {
    const response = await ctx.fetch(`${siteUrl}/build.json?at=${Date.now()}`, {
      headers: { "Cache-Control": "no-cache" },
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const { dataReadAt } = (await response.json()) as { dataReadAt?: unknown };
    const time = typeof dataReadAt === "string" ? Date.parse(dataReadAt) : NaN;
    return Number.isNaN(time) ? null : time;
  } catch {
    return null;
  }
}

/** Marks live every running build whose data the site now shows. */
async function settleRunningBuilds(
  ctx: FunctionContext,
  database: Database,
  settings: RefreshSettings,
): Promise<void> {
  const running = (await restRequest(
    ctx,
    database,
    "site_builds?status=eq.building&select=id,started_at",
    { method: "GET" },
  )) as SiteBuild[];
  if (running.length === 0) return;
  const readAt = await siteDataReadAt(ctx, settings.siteUrl);
  if (readAt === null) return;
  for (const build of running) {
    if (Date.parse(build.started_at) <= readAt) {
      await callDatabaseFunction(ctx, database, "finish_site_build", {
        build_id: build.id,
        outcome: "live",
      });
    }
  }
}

/** Calls the build hook; the reason it failed, or null. */
async function startSiteBuild(ctx: FunctionContext, hookUrl: string): Promise<string | null> {
  try {
    const response = await ctx.fetch(hookUrl, {
      method: "POST",
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? null : `The build hook answered ${response.status}.`;
  } catch {
    return "The build hook could not be reached.";
  }
}

async function refreshSite(req: Request, ctx: FunctionContext): Promise<Response> {
  authoriseServerCaller(req, ctx.env);
  const settings = readSettings(ctx.env);
  const database = readDatabase(ctx);
  await settleRunningBuilds(ctx, database, settings);
  const [build] = (await callDatabaseFunction(ctx, database, "claim_site_build", {
    quiet_seconds: settings.quietSeconds,
    longest_wait_seconds: settings.longestWaitSeconds,
    build_timeout_seconds: settings.buildTimeoutSeconds,
    retry_seconds: settings.retrySeconds,
  })) as SiteBuild[];
  if (!build) return jsonResponse(200, { build: null });
  const failure = await startSiteBuild(ctx, settings.hookUrl);
  if (failure) {
    await callDatabaseFunction(ctx, database, "finish_site_build", {
      build_id: build.id,
      outcome: "failed",
      outcome_detail: failure,
    });
    console.error(`refresh-site: build ${build.id} failed: ${failure}`);
    return jsonResponse(200, { build: build.id, status: "failed" });
  }
  return jsonResponse(202, { build: build.id, status: "building" });
}

const handler: FunctionHandler = (req, ctx) =>
  answerPost(req, "refresh-site", MAX_BODY_BYTES, () => refreshSite(req, ctx));

export default handler;
