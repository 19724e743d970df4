// `npm run build:local` against a fresh, in-memory local stack: the production bundle with the
// stack's sample posts prerendered, for measurements and scans (npm run size, npm run
// lighthouse, npm run test:hardening). The browser tests do the same through Playwright.
//
// And the rehearsal of production (npm run build:rehearsal, scripts/__tests__/host-build.test.ts):
// `npm run build` itself, every check included, against a fresh stack that looks like a project:
// keys of its own and a name of this machine that is not a loopback one.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { lookup } from "node:dns/promises";
import os from "node:os";
import { REPO_ROOT } from "../../supabase/local/src/config.ts";
import { isOnThisMachine } from "../../supabase/local/src/local-site.ts";
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

/** Where the rehearsal's site is meant to be previewed (npm run preview's default port). */
export const REHEARSAL_PREVIEW_PORT = 4173;

export interface RehearsalHost {
  /** What the URLs name: the machine's host name, or else one of its network addresses. */
  name: string;
  /** The IPv4 address `name` resolves to, where the stack listens. */
  address: string;
}

/**
 * A name of this machine the production build accepts (not localhost, not 127.x): the host name
 * when it resolves (on Debian to 127.0.1.1 or 127.0.0.1, which the build cannot tell from a
 * server's name), else the address of a network interface.
 */
export async function rehearsalHost(): Promise<RehearsalHost> {
  const name = os.hostname();
  if (name && !isOnThisMachine(`http://${name}`)) {
    try {
      const { address } = await lookup(name, { family: 4 });
      return { name, address };
    } catch {
      // Not resolvable here: an interface's address instead.
    }
  }
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry?.family === "IPv4" && !entry.internal);
  if (external) return { name: external.address, address: external.address };
  throw new Error(
    `this machine has no name but a loopback one (host name ${JSON.stringify(name)} does not resolve, no network address): the rehearsal needs one`,
  );
}

export interface RehearsalOptions {
  /** The build to run: production's own (default `npm run -s build`). */
  command?: string;
  /** Where it writes (DIST_DIR). */
  distDir: string;
  /** More environment for the build (the host's variables). */
  env?: Record<string, string>;
}

export interface Rehearsal {
  host: RehearsalHost;
  /** VITE_SUPABASE_URL of the build: the stack, stopped once the build is done. */
  supabaseUrl: string;
  /** VITE_SITE_URL of the build. */
  siteUrl: string;
}

/**
 * Runs the production build against a fresh in-memory stack (migrations and sample posts) that
 * has keys of its own and listens under `rehearsalHost()`, then stops the stack. The build gets
 * the stack's URL and publishable key and an http:// site address on the same name.
 */
export async function rehearseProductionBuild(options: RehearsalOptions): Promise<Rehearsal> {
  const host = await rehearsalHost();
  const secret = () => crypto.randomBytes(18).toString("base64url");
  const stack = await startStack({
    port: 0,
    host: host.address,
    publicHost: host.name,
    inMemory: true,
    seedAdmin: null,
    apiKeys: { publishableKey: `sb_publishable_${secret()}`, secretKey: `sb_secret_${secret()}` },
    jwtSecret: secret() + secret(),
  });
  const siteUrl = `http://${host.name}:${REHEARSAL_PREVIEW_PORT}`;
  try {
    await runCommand(options.command ?? "npm run -s build", {
      ...options.env,
      DIST_DIR: options.distDir,
      VITE_SUPABASE_URL: stack.url,
      VITE_SUPABASE_PUBLISHABLE_KEY: stack.publishableKey,
      VITE_SITE_URL: siteUrl,
    });
  } finally {
    await stack.close();
  }
  return { host, supabaseUrl: stack.url, siteUrl };
}
