// README.md's "Deploying" section, word for word: every `npx supabase …` command in it (inline
// code and sh blocks, `\` continuations joined) names a subcommand of the pinned CLI and only
// flags that subcommand's --help lists; the commands that can target a database URL run as
// written against a throw-away PostgreSQL database (`--remote` becomes `--remote=<its URL>`),
// which must end with every migration recorded, and a second run must apply nothing. That part
// needs a PostgreSQL server: npm run test:postgres (supabase/local/scripts/with-postgres.sh).
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { listMigrations } from "../../supabase/local/src/bootstrap.ts";
import { DEFAULT_MIGRATIONS_DIR, REPO_ROOT } from "../../supabase/local/src/config.ts";
import { prepareSupabaseDatabase } from "../lib/supabase-cli.ts";
import { createThrowawayDatabase } from "../lib/throwaway-database.ts";

const serverUrl = process.env.DATABASE_URL;
const cli = path.join(REPO_ROOT, "node_modules", ".bin", "supabase");

interface GuideCommand {
  /** "step 4 (Database)", or "the introduction". */
  step: string;
  /** Whether the step says it is checked offline. */
  markedOffline: boolean;
  /** As written, continuations joined. */
  text: string;
  words: string[];
}

/** The Deploying section's `npx supabase …` commands, in order. */
function guideCommands(): GuideCommand[] {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const start = readme.indexOf("\n## Deploying\n");
  if (start < 0) throw new Error('README.md has no "## Deploying" section');
  const end = readme.indexOf("\n## ", start + 1);
  const lines = readme.slice(start, end < 0 ? undefined : end).split("\n");

  const steps: { name: string; prose: string[]; code: string[] }[] = [
    { name: "the introduction", prose: [], code: [] },
  ];
  let fence: string | null = null;
  for (const line of lines) {
    const trimmed = line.trim();
    const step = /^(\d+)\. \*\*([^*]+?)\.?\*\*/.exec(line);
    if (fence === null && step) {
      steps.push({ name: `step ${step[1]} (${step[2]})`, prose: [], code: [] });
    }
    const current = steps.at(-1)!;
    if (trimmed.startsWith("```")) {
      fence = fence === null ? trimmed.slice(3) : null;
      continue;
    }
    if (fence === null) current.prose.push(line);
    else if (fence === "sh" || fence === "bash" || fence === "") current.code.push(trimmed);
  }

  return steps.flatMap(({ name, prose, code }) => {
    const text = prose.join("\n");
    const inline = [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const blocks = code.join("\n").replace(/\\\n/g, " ").split("\n");
    return [...inline, ...blocks]
      .map((command) => command.replace(/\s+/g, " ").trim())
      .filter((command) => command.startsWith("npx supabase "))
      .map((command) => ({
        step: name,
        markedOffline: /checked offline/.test(text),
        text: command,
        words: shellWords(command),
      }));
  });
}

/** A command's words as sh splits them (quotes removed), enough for the guide's commands. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const match of command.matchAll(/(?:'[^']*'|"(?:\\.|[^"\\])*"|[^\s'"]+)+/g)) {
    words.push(
      match[0].replace(
        /'([^']*)'|"((?:\\.|[^"\\])*)"/g,
        (_all, single?: string, double?: string) =>
          single !== undefined ? single : double!.replace(/\\(.)/g, "$1"),
      ),
    );
  }
  return words;
}

interface Flag {
  takesValue: boolean;
  /** `--remote[=<ref|branch|url>]`: a database URL is a target. */
  acceptsUrl: boolean;
}

interface Help {
  subcommands: Set<string>;
  /** The usage line says `<subcommand>`: the command does nothing by itself. */
  needsSubcommand: boolean;
  takesArguments: boolean;
  flags: Map<string, Flag>;
}

function section(help: string, title: string): string[] {
  const lines = help.split("\n");
  const start = lines.indexOf(title);
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && line.trim() === "");
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

const helps = new Map<string, Help>();

/** The pinned CLI's `--help` for `supabase <path…>`, parsed. */
function helpFor(commandPath: string[]): Help {
  const key = commandPath.join(" ");
  const cached = helps.get(key);
  if (cached) return cached;
  const result = spawnSync(cli, [...commandPath, "--help"], { cwd: REPO_ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`supabase ${key} --help failed: ${result.stderr}`);
  const text = result.stdout;
  const flags = new Map<string, Flag>();
  for (const line of [...section(text, "FLAGS"), ...section(text, "GLOBAL FLAGS")]) {
    const flag = /^ {2}(--[a-z0-9-]+)(\[=[^\]]*\])?(?:, (-[a-zA-Z]))?(?: (\S+))?(?: {2,}|$)/.exec(
      line,
    );
    if (!flag) continue;
    const spec = { takesValue: !!flag[4], acceptsUrl: !!flag[2]?.includes("url") };
    flags.set(flag[1]!, spec);
    if (flag[3]) flags.set(flag[3], spec);
  }
  const subcommands = new Set(
    section(text, "SUBCOMMANDS").flatMap((line) => {
      const names = /^ {2}([a-z][a-z0-9-]*(?:, [a-z][a-z0-9-]*)*)(?:\s|$)/.exec(line);
      return names ? names[1]!.split(", ") : [];
    }),
  );
  const usage = section(text, "USAGE").join(" ");
  const help = {
    subcommands,
    needsSubcommand: usage.includes("<subcommand>"),
    takesArguments: section(text, "ARGUMENTS").length > 0,
    flags,
  };
  helps.set(key, help);
  return help;
}

interface Checked {
  /** The subcommand, as `supabase db push`. */
  name: string;
  help: Help;
  problems: string[];
}

/** The subcommand a guide command names, and what in it the pinned CLI does not know. */
function check(command: GuideCommand): Checked {
  const words = command.words.slice(2);
  const commandPath: string[] = [];
  let help = helpFor([]);
  while (words.length && !words[0]!.startsWith("-") && help.subcommands.has(words[0]!)) {
    commandPath.push(words.shift()!);
    help = helpFor(commandPath);
  }
  const name = ["supabase", ...commandPath].join(" ");
  const problems: string[] = [];
  if (help.needsSubcommand) {
    problems.push(
      words[0] && !words[0].startsWith("-")
        ? `${words[0]} is not a subcommand of ${name}`
        : `${name} needs a subcommand`,
    );
    return { name, help, problems };
  }
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (/^(>|>>|<|\||&&|;)$/.test(word)) {
      problems.push(`${word}: the guide's commands are single commands, without shell operators`);
    } else if (word.startsWith("-")) {
      const flagName = word.split("=")[0]!;
      const flag = help.flags.get(flagName);
      if (!flag) problems.push(`${flagName} is not a flag of ${name}`);
      else if (flag.takesValue && !word.includes("=")) index++;
    } else if (!help.takesArguments) {
      problems.push(`${name} takes no argument (${word})`);
    }
  }
  return { name, help, problems };
}

const cliVersion = () => spawnSync(cli, ["--version"], { encoding: "utf8" }).stdout.trim();

describe("README's Deploying section", () => {
  const commands = guideCommands();

  it("has the Supabase commands of the deployment", () => {
    const named = commands.map((command) => command.words.slice(2, 4).join(" "));
    for (const expected of ["login", "link --project-ref", "db push", "functions deploy"]) {
      expect(
        named.some((name) => name.startsWith(expected)),
        `README's Deploying section has no \`npx supabase ${expected}\``,
      ).toBe(true);
    }
  });

  it("uses only subcommands and flags the pinned Supabase CLI has", { timeout: 120_000 }, () => {
    const problems = commands.flatMap((command) =>
      check(command).problems.map(
        (problem) =>
          `README ${command.step}: \`${command.text}\`: ${problem} (Supabase CLI ${cliVersion()})`,
      ),
    );
    expect(problems).toEqual([]);
  });
});

/** The guide's commands that can run against a database URL, as the test runs them. */
function offlineCommands(databaseUrl: string) {
  return guideCommands().flatMap((command) => {
    const { help, name } = check(command);
    const remote = help.flags.get("--remote");
    if (!remote?.acceptsUrl || !command.words.includes("--remote")) return [];
    const args = command.words
      .slice(1)
      .map((word) => (word === "--remote" ? `--remote=${databaseUrl}` : word));
    return [{ ...command, name, args }];
  });
}

const run = promisify(execFile);

async function recordedVersions(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>(
      "select version from supabase_migrations.schema_migrations order by version",
    );
    return rows.map((row) => row.version);
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)("README's Deploying section, run against a throw-away database", () => {
  it("applies and records every migration, and a second run applies nothing", async () => {
    const database = await createThrowawayDatabase(serverUrl!, "deploy_guide");
    try {
      // What every hosted project has before its first migration: roles, the auth schema.
      await prepareSupabaseDatabase(database.databaseUrl);
      const url = new URL(database.databaseUrl);
      url.searchParams.set("sslmode", "disable");
      const commands = offlineCommands(url.toString());
      expect(
        commands.some((command) => command.name === "supabase db push"),
        "README's Deploying section has no `npx supabase db push --remote …` to run",
      ).toBe(true);
      for (const command of commands) {
        expect(
          command.markedOffline,
          `README ${command.step} runs here (\`${command.text}\`) but is not marked _checked offline_`,
        ).toBe(true);
      }
      // As an adopter's shell runs them, without a terminal to answer a prompt and without
      // SUPABASE_YES: what the command says is all there is.
      const env = { ...process.env };
      delete env.SUPABASE_YES;
      const runAll = async () => {
        const outputs: string[] = [];
        for (const command of commands) {
          try {
            const { stdout, stderr } = await run("npx", command.args, {
              cwd: REPO_ROOT,
              env,
              timeout: 120_000,
              maxBuffer: 16 * 1024 * 1024,
            });
            outputs.push(`${stderr}${stdout}`);
          } catch (error) {
            const failure = error as Error & { stdout?: string; stderr?: string };
            throw new Error(
              `README ${command.step}: \`${command.text}\` failed against a throw-away database:\n${failure.stderr ?? ""}${failure.stdout ?? failure.message}`,
              { cause: error },
            );
          }
        }
        return outputs.join("\n");
      };

      const first = await runAll();
      console.log(first);
      const migrations = listMigrations(DEFAULT_MIGRATIONS_DIR);
      expect(
        await recordedVersions(database.databaseUrl),
        "the migrations recorded in supabase_migrations.schema_migrations after the README's steps",
      ).toEqual(migrations.map((migration) => migration.version));
      for (const migration of migrations) {
        expect(first).toContain(`Applying migration ${path.basename(migration.file)}`);
      }

      const second = await runAll();
      expect(second, "the README's steps, run a second time").not.toContain("Applying migration");
      expect(await recordedVersions(database.databaseUrl)).toEqual(
        migrations.map((migration) => migration.version),
      );
    } finally {
      await database.drop();
    }
  }, 240_000);
});
