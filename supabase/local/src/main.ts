// npm run stack: the local Supabase API for development.
import path from "node:path";
import {
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_DATA_DIR,
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_HOST,
  DEFAULT_PORT,
} from "./config.ts";
import { startStack } from "./stack.ts";

const email = process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL;
const password = process.env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.SUPABASE_LOCAL_DATA_DIR || DEFAULT_DATA_DIR;
// Browser tests want a fresh, throw-away database on every run.
const inMemory = process.env.SUPABASE_LOCAL_IN_MEMORY === "1";

const stack = await startStack({
  port: Number(process.env.SUPABASE_LOCAL_PORT || DEFAULT_PORT),
  host: process.env.SUPABASE_LOCAL_HOST || DEFAULT_HOST,
  databaseUrl,
  dataDir,
  inMemory,
  seedAdmin: { email, password },
  log: (line) => console.log(`[stack] ${line}`),
});

console.log(`
Appgrove local Supabase stack is running (${databaseUrl ? "PostgreSQL at DATABASE_URL" : inMemory ? "PGlite in memory" : `PGlite in ${path.relative(process.cwd(), dataDir) || dataDir}`})

         API URL: ${stack.url}
        anon key: ${stack.anonKey}
service_role key: ${stack.serviceRoleKey}
     staff email: ${email}
          outbox: ${stack.url}/__local/outbox (service_role key)
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
