// npm run stack: the local Supabase API for development.
import path from "node:path";
import { databaseFromEnvironment, seedAdminFromEnvironment } from "./command-environment.ts";
import { DEFAULT_HOST } from "./config.ts";
import { ProjectConfigError } from "./project-config.ts";
import { startStack, type Stack } from "./stack.ts";

const seedAdmin = seedAdminFromEnvironment();
const { databaseUrl, dataDir } = databaseFromEnvironment();
// Browser tests want a fresh, throw-away database on every run.
const inMemory = process.env.SUPABASE_LOCAL_IN_MEMORY === "1";
// How often refresh-site runs, as the Supabase Cron job of the README does on hosted (0: never).
const refreshSiteEveryMs = Number(process.env.SUPABASE_LOCAL_REFRESH_SITE_MS ?? 2000);
// How often send-lead-notification sends the lead e-mails owed, as on hosted (0: never).
const leadNotificationsEveryMs = Number(process.env.SUPABASE_LOCAL_LEAD_NOTIFICATIONS_MS ?? 5000);
// How often send-newsletter sends the newsletter batches due, as on hosted (0: never).
const newsletterEveryMs = Number(process.env.SUPABASE_LOCAL_NEWSLETTER_MS ?? 5000);
const schedules = [
  { functionName: "refresh-site", everyMs: refreshSiteEveryMs },
  { functionName: "send-lead-notification", everyMs: leadNotificationsEveryMs },
  { functionName: "send-newsletter", everyMs: newsletterEveryMs },
].filter((schedule) => schedule.everyMs > 0);

let stack: Stack;
try {
  stack = await startStack({
    // Unset: [api] port of supabase/config.toml.
    port: process.env.SUPABASE_LOCAL_PORT ? Number(process.env.SUPABASE_LOCAL_PORT) : undefined,
    host: process.env.SUPABASE_LOCAL_HOST || DEFAULT_HOST,
    databaseUrl,
    dataDir,
    inMemory,
    seedAdmin,
    schedules,
    log: (line) => console.log(`[stack] ${line}`),
  });
} catch (error) {
  const { code, port } = error as { code?: string; port?: number };
  if (code === "EADDRINUSE") {
    console.error(
      `The local stack cannot start: port ${port} is taken: stop what uses it or set SUPABASE_LOCAL_PORT to a free port.`,
    );
    process.exit(1);
  }
  if (!(error instanceof ProjectConfigError)) throw error;
  console.error(`The local stack cannot start: ${error.message}`);
  process.exit(1);
}

console.log(`
Local Supabase stack is running (${databaseUrl ? "PostgreSQL at DATABASE_URL" : inMemory ? "PGlite in memory" : `PGlite in ${path.relative(process.cwd(), dataDir) || dataDir}`})

         API URL: ${stack.url}
 publishable key: ${stack.publishableKey}
      secret key: ${stack.secretKey}
        anon key: ${stack.anonKey} (legacy)
service_role key: ${stack.serviceRoleKey} (legacy)
        JWKS URL: ${stack.url}/auth/v1/.well-known/jwks.json
        site URL: ${stack.siteUrl}
     staff email: ${seedAdmin.email}
          outbox: ${stack.url}/__local/outbox (secret or service_role key)
    site refresh: refresh-site every ${refreshSiteEveryMs / 1000} s (SUPABASE_LOCAL_REFRESH_SITE_MS)
    lead e-mails: send-lead-notification every ${leadNotificationsEveryMs / 1000} s (SUPABASE_LOCAL_LEAD_NOTIFICATIONS_MS)
      newsletter: send-newsletter every ${newsletterEveryMs / 1000} s (SUPABASE_LOCAL_NEWSLETTER_MS)
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
