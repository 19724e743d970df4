// A function runs with the import map `supabase functions deploy` would deploy it with:
// [functions.<name>] import_map in config.toml (relative to its folder), else the function's own
// deno.json, else the functions directory's import_map.json; never a deno.json beside the
// functions, which a deployed function would not have. A change in a folder the map points at
// (shared/, for the project's functions) starts a fresh process, as a change to a function does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_CONFIG, startTestStack, type TestStack } from "./helpers.ts";

let stack: TestStack;
let project: string;

/** Writes a file of the project with a modification time clearly after the previous one. */
function write(relative: string, text: string, secondsAhead = 0) {
  const file = path.join(project, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const when = new Date(Date.now() + secondsAhead * 1000);
  fs.utimesSync(file, when, when);
}

const usesWord = `import { word } from "@words/word.ts";\nDeno.serve(() => new Response(word));\n`;

const call = (name: string) =>
  fetch(`${stack.url}/functions/v1/${name}`, {
    method: "POST",
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
  });

beforeAll(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "stack-import-map-"));
  write("words/word.ts", `export const word = "shared";\n`);
  write("own-words/word.ts", `export const word = "own";\n`);
  // The project's layout: one map beside the functions, named by config.toml for a function.
  write("supabase/functions/deno.json", JSON.stringify({ imports: { "@words/": "../../words/" } }));
  write("supabase/functions/named/index.ts", usesWord);
  write("supabase/functions/unnamed/index.ts", usesWord);
  write("supabase/functions/own/index.ts", usesWord);
  write(
    "supabase/functions/own/deno.json",
    JSON.stringify({ imports: { "@words/": "../../../own-words/" } }),
  );
  write(
    "supabase/config.toml",
    `${fs.readFileSync(FIXTURE_CONFIG, "utf8")}\n[functions.named]\nimport_map = "./functions/deno.json"\n`,
  );
  stack = await startTestStack({
    configFile: path.join(project, "supabase", "config.toml"),
    functionsDir: path.join(project, "supabase", "functions"),
  });
});

afterAll(async () => {
  await stack?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

describe("a function's import map", () => {
  it("is the one config.toml names for it, its folders outside the functions included", async () => {
    const response = await call("named");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("shared");
  });

  it("is the function's own deno.json when config.toml names none", async () => {
    expect(await (await call("own")).text()).toBe("own");
  });

  it("is never the deno.json beside the functions, as a deployed function has none", async () => {
    const response = await call("unnamed");
    expect(response.status).toBe(502);
    const answer = await response.json();
    expect(answer.code).toBe("BOOT_ERROR");
    expect(answer.stderr).toContain("@words/word.ts");
  });

  it("restarts the function when a file its map points at changes", async () => {
    write("words/word.ts", `export const word = "changed";\n`, 5);
    expect(await (await call("named")).text()).toBe("changed");
  });
});
