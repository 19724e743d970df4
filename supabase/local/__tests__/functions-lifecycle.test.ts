// The functions' Deno processes end with the stack: on close(), and also when the stack's own
// process is SIGKILLed (as the hardening faults suite does), which no handler of the stack can
// see; the bootstrap then exits because its stdin, a pipe from the stack, closes.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/free-port.ts";
import { REPO_ROOT } from "../src/config.ts";
import { startTestStack } from "./helpers.ts";

const MAIN = path.join(REPO_ROOT, "supabase/local/src/main.ts");

/** Whether the process still runs; an exited child its new parent has not reaped yet does not. */
function isRunning(pid: number): boolean {
  if (process.platform === "linux") {
    try {
      return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe("close()", () => {
  it("stops every function's Deno process", async () => {
    const stack = await startTestStack();
    let pid = 0;
    try {
      const response = await fetch(`${stack.url}/functions/v1/runtime`, {
        method: "POST",
        headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
      });
      pid = (await response.json()).pid;
      expect(isRunning(pid)).toBe(true);
    } finally {
      await stack.close();
    }
    expect(isRunning(pid)).toBe(false);
  });
});

describe("a SIGKILLed stack", () => {
  let child: ChildProcess | null = null;
  const output: string[] = [];

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });

  it("leaves no Deno process behind", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUPABASE_LOCAL_PORT: String(port),
      SUPABASE_LOCAL_HOST: "127.0.0.1",
      SUPABASE_LOCAL_IN_MEMORY: "1",
    };
    delete env.DATABASE_URL;
    // tsx loaded in the stack's own process (not the tsx command, whose child would outlive it).
    const stackProcess = spawn(process.execPath, ["--import", "tsx", MAIN], {
      cwd: REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = stackProcess;
    const collect = (chunk: Buffer) => output.push(...chunk.toString().split("\n"));
    stackProcess.stdout!.on("data", collect);
    stackProcess.stderr!.on("data", collect);
    const healthy = await waitUntil(
      () =>
        fetch(`${url}/__local/health`).then(
          (response) => response.ok,
          () => false,
        ),
      100_000,
    );
    expect(healthy, output.join("\n")).toBe(true);

    // The preflight needs no key and no lead, and starts the function's process all the same.
    const preflight = await fetch(`${url}/functions/v1/send-lead-notification`, {
      method: "OPTIONS",
    });
    expect(preflight.status).toBe(204);
    const started = output.join("\n").match(/send-lead-notification runs under Deno \(pid (\d+)/);
    expect(started, output.join("\n")).not.toBeNull();
    const denoPid = Number(started![1]);
    expect(isRunning(denoPid)).toBe(true);

    const exited = new Promise((resolve) => stackProcess.once("exit", resolve));
    stackProcess.kill("SIGKILL");
    await exited;
    expect(await waitUntil(() => !isRunning(denoPid), 5_000)).toBe(true);
  });
});
