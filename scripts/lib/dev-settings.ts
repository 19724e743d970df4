// What `npm run dev` starts, decided before anything starts: the site's port (--port, SITE_PORT,
// 5173), the local stack's port (--stack-port, SUPABASE_LOCAL_PORT, [api] port of
// supabase/config.toml), and the environment of each process: the site calls the stack wherever
// it runs, and the stack's site URL is this local site, never config.toml's production address.
// No stack when VITE_SUPABASE_URL names a project elsewhere.
import { parseArgs } from "node:util";
import { DEFAULT_HOST, DEFAULT_SITE_PORT } from "../../supabase/local/src/config.ts";
import { isOnThisMachine } from "../../supabase/local/src/local-site.ts";
import { nextFreePort, portIsFree } from "./free-port.ts";
import { present } from "./site-environment.ts";

export class DevSettingsError extends Error {}

/** Where Vite serves the site: server.host of vite.config.ts. */
const SITE_HOST = "127.0.0.1";

export interface DevProcess {
  port: number;
  /** The address the port is bound on. */
  host: string;
  /** Where a browser reaches it. */
  url: string;
  /** What the process gets on top of npm run dev's own environment. */
  env: Record<string, string>;
}

export interface DevSettings {
  site: DevProcess;
  /** null: VITE_SUPABASE_URL names a hosted project, the site uses it and no stack starts. */
  stack: DevProcess | null;
  /** The hosted project's URL when `stack` is null. */
  hostedSupabaseUrl: string | null;
  /** One line each: a setting given that npm run dev replaces, and with what. */
  notes: string[];
}

export const DEV_USAGE = "npm run dev -- [--port <site port>] [--stack-port <local stack port>]";

function port(value: string, name: string): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    throw new DevSettingsError(`${name} must be a port number from 1 to 65535, not "${value}"`);
  }
  return number;
}

/** A port from its flag, else from its variable, else `fallback`. */
function chosenPort(
  flag: { name: string; value: string | undefined },
  variable: { name: string; value: string | undefined },
  fallback: number,
): number {
  if (flag.value !== undefined) return port(flag.value, flag.name);
  const fromEnvironment = present(variable.value);
  return fromEnvironment ? port(fromEnvironment, variable.name) : fallback;
}

function flags(args: string[]): { port?: string; "stack-port"?: string } {
  try {
    return parseArgs({
      args,
      options: { port: { type: "string" }, "stack-port": { type: "string" } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new DevSettingsError(`${(error as Error).message.split("\n")[0]} (${DEV_USAGE})`);
  }
}

/** A URL's host part: IPv6 in brackets, a wildcard address as the loopback one. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/**
 * The settings from npm run dev's arguments, its environment (the process's over .env's) and
 * [api] port of supabase/config.toml.
 */
export function devSettings(
  args: string[],
  environment: Record<string, string | undefined>,
  apiPort: number,
): DevSettings {
  const given = flags(args);
  const notes: string[] = [];
  const sitePort = chosenPort(
    { name: "--port", value: given.port },
    { name: "SITE_PORT", value: environment.SITE_PORT },
    DEFAULT_SITE_PORT,
  );
  const siteUrl = `http://${SITE_HOST}:${sitePort}`;
  const siteEnv: Record<string, string> = {};

  // The site's own address (canonical links, sitemap): this site, unless a public one is set.
  const givenSiteUrl = present(environment.VITE_SITE_URL);
  if (!givenSiteUrl || isOnThisMachine(givenSiteUrl)) {
    siteEnv.VITE_SITE_URL = siteUrl;
    if (givenSiteUrl && !sameAddress(givenSiteUrl, siteUrl)) {
      notes.push(`VITE_SITE_URL (${givenSiteUrl}) names this machine: the site uses ${siteUrl}`);
    }
  }

  const supabaseUrl = present(environment.VITE_SUPABASE_URL);
  if (supabaseUrl && !isOnThisMachine(supabaseUrl)) {
    if (given["stack-port"] !== undefined) {
      notes.push(`--stack-port is ignored: the site uses the Supabase project at ${supabaseUrl}`);
    }
    return {
      site: { port: sitePort, host: SITE_HOST, url: siteUrl, env: siteEnv },
      stack: null,
      hostedSupabaseUrl: supabaseUrl,
      notes,
    };
  }

  const stackPort = chosenPort(
    { name: "--stack-port", value: given["stack-port"] },
    { name: "SUPABASE_LOCAL_PORT", value: environment.SUPABASE_LOCAL_PORT },
    apiPort,
  );
  const stackHost = present(environment.SUPABASE_LOCAL_HOST) ?? DEFAULT_HOST;
  if (stackPort === sitePort) {
    throw new DevSettingsError(
      `the site and the local stack cannot share port ${sitePort}: give one another (${DEV_USAGE})`,
    );
  }
  const stackUrl = `http://${urlHost(stackHost)}:${stackPort}`;
  if (supabaseUrl && !sameAddress(supabaseUrl, stackUrl)) {
    notes.push(
      `VITE_SUPABASE_URL (${supabaseUrl}) names this machine: the site calls the local stack at ${stackUrl}`,
    );
  }
  siteEnv.VITE_SUPABASE_URL = stackUrl;
  return {
    site: { port: sitePort, host: SITE_HOST, url: siteUrl, env: siteEnv },
    stack: {
      port: stackPort,
      host: stackHost,
      url: stackUrl,
      // SITE_URL: the stack's site is this one (local-site.ts), whatever config.toml says.
      env: { SUPABASE_LOCAL_PORT: String(stackPort), SITE_URL: siteUrl },
    },
    hostedSupabaseUrl: null,
    notes,
  };
}

/** One line for each port already taken, saying how to start anyway; none when both are free. */
export async function takenPorts(settings: DevSettings): Promise<string[]> {
  const checks = [
    { process: settings.site, what: "the site", flag: "--port" },
    ...(settings.stack
      ? [{ process: settings.stack, what: "the local Supabase stack", flag: "--stack-port" }]
      : []),
  ];
  const ports = checks.map((check) => check.process.port);
  const lines: string[] = [];
  for (const { process, what, flag } of checks) {
    if (await portIsFree(process.port, process.host)) continue;
    const free = await nextFreePort(process.port, process.host, ports);
    lines.push(
      `Port ${process.port} is taken (${what}): stop what uses it or run npm run dev -- ${flag} ${free ?? "<free port>"}.`,
    );
  }
  return lines;
}
