// npm run dev on the ports one chooses: the site follows the stack wherever it runs, the stack's
// site is the local one, a taken port stops everything before anything starts, and when one
// process ends the other does too. Each run is a real `npm run dev` (its own process group, killed
// whole whatever happens) with an in-memory stack, so the developer's data is never touched.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../supabase/local/src/config.ts";
import { devSettings, DevSettingsError } from "../lib/dev-settings.ts";
import { freePort, portIsFree } from "../lib/free-port.ts";

interface DevRun {
  child: ChildProcess;
  output: () => string;
  /** The exit code (null: ended by a signal). */
  exited: Promise<number | null>;
}

const runs: DevRun[] = [];
const held: net.Server[] = [];

/** The environment of a run: an in-memory stack, no schedules, nothing from the developer's. */
const RUN_ENV: Record<string, string> = {
  SUPABASE_LOCAL_IN_MEMORY: "1",
  SUPABASE_LOCAL_REFRESH_SITE_MS: "0",
  SUPABASE_LOCAL_LEAD_NOTIFICATIONS_MS: "0",
  SUPABASE_LOCAL_NEWSLETTER_MS: "0",
  // Empty wins over .env in Vite's loadEnv: the local stack, whatever .env names.
  VITE_SUPABASE_URL: "",
  VITE_SITE_URL: "",
  FORCE_COLOR: "0",
};
const CLEARED = [
  "SITE_PORT",
  "SUPABASE_LOCAL_PORT",
  "SUPABASE_LOCAL_HOST",
  "SUPABASE_LOCAL_DATA_DIR",
  "DATABASE_URL",
  "SITE_URL",
  "SITE_DEPLOY_HOOK_URL",
];

function startDev(args: string[], env: Record<string, string> = {}): DevRun {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...RUN_ENV, ...env };
  for (const name of CLEARED) if (!(name in env)) delete environment[name];
  const child = spawn("npm", ["run", "-s", "dev", "--", ...args], {
    cwd: REPO_ROOT,
    env: environment,
    // Its own process group: killed whole with process.kill(-pid).
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const run = { child, output: () => output, exited };
  runs.push(run);
  return run;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signalGroup(run: DevRun, signal: NodeJS.Signals): void {
  try {
    process.kill(-run.child.pid!, signal);
  } catch {
    // The group is gone already.
  }
}

/** Whether any process of the run's group is still alive. */
function groupAlive(run: DevRun): boolean {
  try {
    process.kill(-run.child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole group, as Ctrl+C in a terminal; SIGKILL for what is left after 20 s. */
async function stopRun(run: DevRun): Promise<void> {
  signalGroup(run, "SIGTERM");
  for (let waited = 0; waited < 20_000 && groupAlive(run); waited += 100) await sleep(100);
  if (groupAlive(run)) signalGroup(run, "SIGKILL");
  await run.exited;
}

async function until(what: string, run: DevRun, ready: () => Promise<boolean>, ms = 150_000) {
  const deadline = Date.now() + ms;
  let ended = false;
  void run.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`npm run dev ended before ${what}:\n${run.output()}`);
    if (await ready().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${ms / 1000} s:\n${run.output()}`);
}

const answers200 = (url: string) => async () =>
  (await fetch(url, { signal: AbortSignal.timeout(10_000) })).status === 200;

/**
 * Listens on `port` unless something already does (either way, the port is taken). Whoever
 * connects is hung up on at once, so that closing the server never waits for them.
 */
async function occupy(port: number): Promise<void> {
  const server = net.createServer((socket) => socket.destroy());
  const listening = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (listening) held.push(server);
}

/** Two free ports, different from each other. */
async function twoFreePorts(): Promise<[number, number]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

/** Free again within 15 s: the processes that held it may still be closing. */
async function freedWithin(port: number): Promise<boolean> {
  for (let waited = 0; waited < 15_000; waited += 250) {
    if (await portIsFree(port)) return true;
    await sleep(250);
  }
  return false;
}

// Everything a test started or held, freed as soon as it ends (others may need 5173 and 54321).
afterEach(async () => {
  await Promise.all(runs.splice(0).map(stopRun));
  await Promise.all(held.splice(0).map((server) => new Promise((done) => server.close(done))));
});

describe("devSettings", () => {
  const noEnv = {};

  it("defaults to 5173 and config.toml's [api] port, the site calling that stack", () => {
    const settings = devSettings([], noEnv, 54321);
    expect(settings.site).toMatchObject({ port: 5173, url: "http://127.0.0.1:5173" });
    expect(settings.site.env).toEqual({
      VITE_SITE_URL: "http://127.0.0.1:5173",
      VITE_SUPABASE_URL: "http://127.0.0.1:54321",
    });
    expect(settings.stack).toMatchObject({ port: 54321, url: "http://127.0.0.1:54321" });
    expect(settings.stack!.env).toEqual({
      SUPABASE_LOCAL_PORT: "54321",
      SITE_URL: "http://127.0.0.1:5173",
    });
    expect(settings.notes).toEqual([]);
  });

  it("takes the ports from the environment, and flags over the environment", () => {
    const env = { SITE_PORT: "5300", SUPABASE_LOCAL_PORT: "54500" };
    expect(devSettings([], env, 54321)).toMatchObject({
      site: { port: 5300 },
      stack: { port: 54500, env: { SITE_URL: "http://127.0.0.1:5300" } },
    });
    const flagged = devSettings(["--port", "5200", "--stack-port=54400"], env, 54321);
    expect(flagged.site.port).toBe(5200);
    expect(flagged.stack!.port).toBe(54400);
    expect(flagged.site.env.VITE_SUPABASE_URL).toBe("http://127.0.0.1:54400");
  });

  it("moves a VITE_SUPABASE_URL or VITE_SITE_URL on this machine to where things run", () => {
    const settings = devSettings(
      ["--port", "5200", "--stack-port", "54400"],
      { VITE_SUPABASE_URL: "http://127.0.0.1:54321", VITE_SITE_URL: "http://localhost:5173" },
      54321,
    );
    expect(settings.site.env).toEqual({
      VITE_SITE_URL: "http://127.0.0.1:5200",
      VITE_SUPABASE_URL: "http://127.0.0.1:54400",
    });
    expect(settings.notes).toEqual([
      "VITE_SITE_URL (http://localhost:5173) names this machine: the site uses http://127.0.0.1:5200",
      "VITE_SUPABASE_URL (http://127.0.0.1:54321) names this machine: the site calls the local stack at http://127.0.0.1:54400",
    ]);
  });

  it("starts no stack for a hosted project, and keeps a public VITE_SITE_URL", () => {
    const settings = devSettings(
      ["--stack-port", "54400"],
      { VITE_SUPABASE_URL: "https://abc.supabase.co", VITE_SITE_URL: "https://www.agency.example" },
      54321,
    );
    expect(settings.stack).toBeNull();
    expect(settings.hostedSupabaseUrl).toBe("https://abc.supabase.co");
    expect(settings.site.env).toEqual({});
    expect(settings.notes).toEqual([
      "--stack-port is ignored: the site uses the Supabase project at https://abc.supabase.co",
    ]);
  });

  it("refuses a port that is not one, one port for both, and unknown flags", () => {
    for (const [args, env, message] of [
      [["--port", "80a"], {}, '--port must be a port number from 1 to 65535, not "80a"'],
      [[], { SUPABASE_LOCAL_PORT: "70000" }, "SUPABASE_LOCAL_PORT must be a port number"],
      [["--port", "5200", "--stack-port", "5200"], {}, "cannot share port 5200"],
      [["--open"], {}, "Unknown option '--open'"],
    ] as const) {
      expect(() => devSettings([...args], env, 54321)).toThrow(DevSettingsError);
      expect(() => devSettings([...args], env, 54321)).toThrow(message);
    }
  });
});

describe("npm run dev", () => {
  it("runs the site and the stack on the ports given, the site calling that stack", async () => {
    // The default ports taken (by this test, or by whatever already holds them).
    await occupy(5173);
    await occupy(54321);
    const [sitePort, stackPort] = await twoFreePorts();
    const site = `http://127.0.0.1:${sitePort}`;
    const stack = `http://127.0.0.1:${stackPort}`;
    const run = startDev(["--port", String(sitePort), "--stack-port", String(stackPort)]);

    await until("the site answers", run, answers200(`${site}/`));
    await until("the stack answers", run, answers200(`${stack}/__local/health`));

    // The site's settings as the browser gets them, through Vite.
    const settings = await (await fetch(`${site}/src/config/env.ts`)).text();
    expect(settings).toContain(stack);
    expect(settings).not.toContain("127.0.0.1:54321");
    expect(settings).toContain(site);
    // The stack's start-up banner names the local site as its site URL.
    const stackLines = run
      .output()
      .split("\n")
      .filter((line) => line.startsWith("[stack]"));
    expect(stackLines.some((line) => line.includes(site))).toBe(true);

    await stopRun(run);
    expect(await freedWithin(sitePort)).toBe(true);
    expect(await freedWithin(stackPort)).toBe(true);
  }, 240_000);

  it("stops with one line and starts nothing when the site's port is taken", async () => {
    const [sitePort, stackPort] = await twoFreePorts();
    await occupy(sitePort);
    const run = startDev([], {
      SITE_PORT: String(sitePort),
      SUPABASE_LOCAL_PORT: String(stackPort),
    });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^Port ${sitePort} is taken \\(the site\\): stop what uses it or run npm run dev -- --port \\d+\\.$`,
      ),
    );
    expect(run.output()).not.toMatch(/\[(site|stack)\]/);
    expect(await portIsFree(stackPort)).toBe(true);
  }, 60_000);

  it("names the stack's port when that one is taken", async () => {
    const [sitePort, stackPort] = await twoFreePorts();
    await occupy(stackPort);
    const run = startDev(["--port", String(sitePort), "--stack-port", String(stackPort)]);
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toMatch(
      new RegExp(
        `^Port ${stackPort} is taken \\(the local Supabase stack\\): stop what uses it or run npm run dev -- --stack-port \\d+\\.$`,
      ),
    );
    expect(await portIsFree(sitePort)).toBe(true);
  }, 60_000);

  it("stops the site when the stack ends", async () => {
    const [sitePort, stackPort] = await twoFreePorts();
    // A database nobody serves: the stack fails as it starts.
    const run = startDev(["--port", String(sitePort), "--stack-port", String(stackPort)], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/nothing",
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Sending SIGTERM to other processes/);
    expect(await freedWithin(sitePort)).toBe(true);
    expect(await portIsFree(stackPort)).toBe(true);
  }, 120_000);
});
