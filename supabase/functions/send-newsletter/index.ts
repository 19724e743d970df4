// Deno entry for hosted Supabase; the portable handler holds the logic.
import { serveHandler } from "../_shared/serve.ts";
import handler from "./handler.ts";

serveHandler(handler);
