// npm run dev: the site on Vite and, unless VITE_SUPABASE_URL (environment or .env) names a
// project elsewhere, the local Supabase stack beside it, on the ports scripts/lib/dev-settings.ts
// decides. Both ports are checked first: when one is taken, one line says so and nothing starts.
// When either process ends, concurrently stops the other.
import concurrently from "concurrently";
import { loadEnv } from "vite";
import { DEFAULT_CONFIG_FILE, REPO_ROOT } from "../supabase/local/src/config.ts";
import { ProjectConfigError, readProjectConfig } from "../supabase/local/src/project-config.ts";
import { devSettings, DevSettingsError, takenPorts, type DevSettings } from "./lib/dev-settings.ts";

function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

let settings: DevSettings;
try {
  settings = devSettings(
    process.argv.slice(2),
    {
      // The ports may be set in .env too; the process's environment wins, as in Vite.
      ...loadEnv("development", REPO_ROOT, ["VITE_", "SITE_PORT", "SUPABASE_LOCAL_PORT"]),
      ...process.env,
    },
    readProjectConfig(DEFAULT_CONFIG_FILE).apiPort,
  );
} catch (error) {
  if (error instanceof DevSettingsError || error instanceof ProjectConfigError) {
    stop(`npm run dev cannot start: ${error.message}`);
  }
  throw error;
}

const taken = await takenPorts(settings);
if (taken.length > 0) stop(taken.join("\n"));
for (const note of settings.notes) console.log(note);

const { site, stack } = settings;
const commands: Parameters<typeof concurrently>[0] = [
  {
    name: "site",
    // vite.config.ts sets the host; --strictPort: a port taken since the check stops Vite (and
    // so the stack) instead of moving the site where the stack's SITE_URL does not point.
    command: `vite --port ${site.port} --strictPort`,
    env: site.env,
    prefixColor: "green",
  },
];
if (stack) {
  commands.unshift({
    name: "stack",
    command: "tsx supabase/local/src/main.ts",
    env: stack.env,
    prefixColor: "cyan",
  });
} else {
  console.log(
    `Using the Supabase project at ${settings.hostedSupabaseUrl}; the local stack is not started.`,
  );
}
console.log(`The site: ${site.url}${stack ? `, the local stack: ${stack.url}` : ""}`);

const { result } = concurrently(commands, { killOthersOn: ["failure", "success"] });
result.catch(() => process.exit(1));
