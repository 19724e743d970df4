import type { SupabaseClient } from "@supabase/supabase-js";
import { createNodeClient } from "../../scripts/lib/node-supabase-client";
import type { Database } from "../../src/types/database";

// The browser tests' own local stack (in memory, started by playwright.config.ts), and its
// well-known local keys. The service-role key never leaves the test runner.
export const stackPort = Number(process.env.E2E_STACK_PORT ?? 54329);
export const stackUrl = `http://127.0.0.1:${stackPort}`;
export const serviceRoleKey =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

let service: SupabaseClient<Database> | undefined;

/** A client that bypasses row security: to arrange data and to check what was stored. */
export function serviceClient(): SupabaseClient<Database> {
  service ??= createNodeClient<Database>(stackUrl, serviceRoleKey);
  return service;
}
