// npm run dev: the site on Vite, next to the local Supabase stack unless VITE_SUPABASE_URL
// (environment or .env) names a project elsewhere.
import concurrently from "concurrently";
import { loadEnv } from "vite";

const { VITE_SUPABASE_URL: supabaseUrl = "" } = {
  ...loadEnv("development", process.cwd(), "VITE_"),
  ...process.env,
};
const local =
  supabaseUrl === "" || /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(supabaseUrl);

const commands = [{ name: "site", command: "vite", prefixColor: "green" }];
if (local)
  commands.unshift({
    name: "stack",
    command: "tsx supabase/local/src/main.ts",
    prefixColor: "cyan",
  });
else console.log(`Using the Supabase project at ${supabaseUrl}; the local stack is not started.`);

const { result } = concurrently(commands, { killOthersOn: ["failure", "success"] });
result.catch(() => process.exit(1));
