// What the stack's commands (npm run stack, npm run db:reset) read from the environment alike:
// which database to use and the staff account to seed.
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, DEFAULT_DATA_DIR } from "./config.ts";

export interface DatabaseLocation {
  /** DATABASE_URL: a PostgreSQL server instead of PGlite. */
  databaseUrl: string | undefined;
  /** SUPABASE_LOCAL_DATA_DIR: PGlite's directory, beside which Storage keeps its files. */
  dataDir: string;
}

export function databaseFromEnvironment(): DatabaseLocation {
  return {
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.SUPABASE_LOCAL_DATA_DIR || DEFAULT_DATA_DIR,
  };
}

/** SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD, else the local defaults. */
export function seedAdminFromEnvironment(): { email: string; password: string } {
  return {
    email: process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
    password: process.env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
  };
}
