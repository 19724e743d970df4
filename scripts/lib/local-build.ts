// `npm run build:local` against a fresh, in-memory local stack: the production bundle with the
// stack's sample posts prerendered, for measurements and scans (npm run size, npm run
// lighthouse, npm run test:hardening). The browser tests do the same through Playwright.
import { spawn } from "node:child_process";
import { REPO_ROOT } from "../../supabase/local/src/config.ts";
import { startStack, type Stack } from "../../supabase/local/src/stack.ts";

export function runCommand(command: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, {
      shell: true,
      stdio: "inherit",
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`)),
    );
  });
}

/** Builds into `distDir` for a site served at `siteUrl`; the stack stays up for the caller. */
export async function buildAgainstFreshStack(distDir: string, siteUrl: string): Promise<Stack> {
  const stack = await startStack({ port: 0, inMemory: true, seedAdmin: null });
  try {
    await runCommand("npm run -s build:local", {
      DIST_DIR: distDir,
      VITE_SUPABASE_URL: stack.url,
      VITE_SITE_URL: siteUrl,
    });
    return stack;
  } catch (error) {
    await stack.close();
    throw error;
  }
}
