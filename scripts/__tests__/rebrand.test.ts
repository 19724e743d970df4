// A rebrand is one line, the name in shared/site.ts. A copy of the sources with only that line
// changed, built as `npm run build:local` against a fresh in-memory local stack, names the new
// brand everywhere (French elision and the English article included) and the old one nowhere,
// apart from the sample posts of supabase/seed.sql, which are signed with it and stay so.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../shared/languages.ts";
import { brand } from "../../shared/site.ts";
import { REPO_ROOT } from "../../supabase/local/src/config.ts";
import { startStack, type Stack } from "../../supabase/local/src/stack.ts";

/** One name of each kind: French elides "de" before the first and not before the second. */
const rebrands = [
  {
    name: "Orchardly",
    aboutEyebrowFr: "À propos d'Orchardly",
    thankYouEn: "A growth specialist from Orchardly",
  },
  {
    name: "Northwind",
    aboutEyebrowFr: "À propos de Northwind",
    thankYouEn: "A growth specialist from Northwind",
  },
];
const oldName = brand.name;
const siteUrl = "http://127.0.0.1:4173";

/** What a build reads, at the top of the repository: everything else stays behind. */
const leftBehind = new Set([
  ".git",
  "node_modules",
  "docs",
  "e2e",
  "playwright-report",
  "test-results",
  "coverage",
]);
function copySources(to: string) {
  fs.cpSync(REPO_ROOT, to, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(REPO_ROOT, source);
      const [top] = relative.split(path.sep);
      const base = path.basename(source);
      return !(
        leftBehind.has(top!) ||
        /^dist/.test(top!) ||
        relative === path.join("supabase", ".data") ||
        // A developer's settings would make the build depend on the machine.
        (relative === base && /^\.env/.test(base) && base !== ".env.example") ||
        // Vite's bundled config, while another build is loading it.
        base.includes(".timestamp-")
      );
    },
  });
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(to, "node_modules"), "dir");
}

/** The copy's brand line changed, and nothing else. */
function rename(copy: string, name: string) {
  const file = path.join(copy, "shared", "site.ts");
  const source = fs.readFileSync(file, "utf8");
  const line = `  name: ${JSON.stringify(oldName)},\n`;
  expect(source.split(line), "shared/site.ts names the brand on one line").toHaveLength(2);
  fs.writeFileSync(file, source.replace(line, `  name: ${JSON.stringify(name)},\n`));
}

/**
 * What this test reads of the copy's server bundle (dist-ssr/entry-server.js, built from
 * src/entry-server.tsx as scripts/prerender.ts reads it): the site's paths and copy.
 */
interface ServerEntry {
  pathFor(id: "about" | "thankYou", locale: Language): string;
  feedPath(locale: Language): string;
  postPath(post: { language: Language; slug: string }): string;
  loadDictionary(locale: Language): Promise<{
    meta: { home: { title: string } };
    blog: { feed: { title(siteName: string): string } };
  }>;
}

/** The server bundle a build of the copy wrote, loaded (the copy links the real node_modules). */
const serverBundle = (copy: string): Promise<ServerEntry> =>
  import(pathToFileURL(path.join(copy, "dist-ssr", "entry-server.js")).href);

/** `npm run build:local` in the copy, as scripts/lib/local-build.ts runs it. */
function buildLocal(copy: string, stack: Stack): Promise<string> {
  // Nothing of this test's own environment: Vitest's NODE_ENV (React's development build) or a
  // VITE_* setting of the shell.
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !/^VITE/.test(name)),
  );
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "build:local"], {
      cwd: copy,
      env: {
        ...environment,
        DIST_DIR: "dist",
        VITE_SUPABASE_URL: stack.url,
        VITE_SITE_URL: siteUrl,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    child.on("exit", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`npm run build:local exited ${code}:\n${output}`)),
    );
  });
}

const filesUnder = (dir: string): string[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((file) => path.join(dir, file))
    .filter((file) => fs.statSync(file).isFile());

/** A value as a page, a feed or a script may spell it. */
function spellings(value: string): string[] {
  const html = value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
  const json = JSON.stringify(value).slice(1, -1);
  return [
    ...new Set([
      value,
      html.replace(/'/g, "&#x27;"),
      html.replace(/'/g, "&#39;"),
      html.replace(/'/g, "&apos;"),
      json,
      json.replace(/</g, "\\u003c"),
    ]),
  ];
}
const strip = (text: string, values: string[]) =>
  values.reduce((rest, value) => rest.split(value).join(""), text);

interface Exclusions {
  /** Output file (relative to the dist directory) → the values that may name the old brand. */
  byFile: Map<string, string[]>;
  /** In every file: what does not come from shared/site.ts (see below). */
  everywhere: string[];
}

/**
 * The exclusions, precisely. The sample posts as the stack serves them: every text of a
 * published post that names the old brand (today the seed's bylines, "… Team" and "L'équipe …"),
 * in any spelling, but only in that post's own page and in its language's feed. Besides, a
 * sourcemap's path to the real node_modules, which names the checkout's folder.
 */
async function exclusions(stack: Stack, site: ServerEntry): Promise<Exclusions> {
  const { rows } = await stack.db.query<
    Record<string, unknown> & { language: string; slug: string }
  >("select * from public.blog_posts where status = 'published'");
  const mentions = new RegExp(oldName, "i");
  const byFile = new Map<string, string[]>();
  const add = (file: string, values: string[]) =>
    byFile.set(file, [...(byFile.get(file) ?? []), ...values]);
  for (const post of rows) {
    const values = Object.values(post)
      .filter((value): value is string => typeof value === "string" && mentions.test(value))
      .flatMap(spellings);
    if (values.length === 0) continue;
    const language = post.language as Language;
    add(path.join(site.postPath({ language, slug: post.slug }).slice(1), "index.html"), values);
    add(site.feedPath(language).slice(1), values);
  }
  return { byFile, everywhere: [REPO_ROOT.slice(1)] };
}

function mentionsOfOldName(dist: string, excluded: Exclusions): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`.{0,60}${oldName}.{0,60}`, "is");
  for (const file of [...filesUnder(dist), ...filesUnder(`${dist}-ssr`)]) {
    const relative = path.relative(dist, file);
    const text = strip(
      strip(fs.readFileSync(file, "utf8"), excluded.byFile.get(relative) ?? []),
      excluded.everywhere,
    );
    const match = pattern.exec(text);
    if (match) found.push(`${relative}: …${match[0]}…`);
  }
  return found;
}

const documentOf = (file: string) => new JSDOM(fs.readFileSync(file, "utf8")).window.document;

describe(`a rebrand: only the name in shared/site.ts changes (from ${oldName})`, () => {
  let stack: Stack;
  const copies: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ port: 0, inMemory: true, seedAdmin: null });
  });

  afterAll(async () => {
    await stack?.close();
    for (const copy of copies) fs.rmSync(copy, { recursive: true, force: true });
  });

  // One after the other: each build takes both cores.
  for (const { name, aboutEyebrowFr, thankYouEn } of rebrands) {
    it(
      `builds as ${name}, with ${oldName} only in the sample posts' bylines`,
      { timeout: 240_000 },
      async () => {
        const copy = fs.mkdtempSync(path.join(os.tmpdir(), "rebrand-"));
        copies.push(copy);
        copySources(copy);
        rename(copy, name);
        await buildLocal(copy, stack);
        const dist = path.join(copy, "dist");
        const site = await serverBundle(copy);
        const english = await site.loadDictionary("en");

        const home = documentOf(path.join(dist, "index.html"));
        expect(home.title).toBe(`${english.meta.home.title} | ${name}`);
        // index.html's own title, which the staff pages' shells show first.
        expect(documentOf(path.join(dist, "spa-admin.html")).title).toBe(name);
        const aboutFr = documentOf(path.join(dist, site.pathFor("about", "fr"), "index.html"));
        expect(aboutFr.body.textContent).toContain(aboutEyebrowFr);
        const thankYou = documentOf(path.join(dist, site.pathFor("thankYou", "en"), "index.html"));
        expect(
          thankYou.querySelector('meta[name="description"]')?.getAttribute("content"),
        ).toContain(thankYouEn);
        const feed = fs.readFileSync(path.join(dist, site.feedPath("en")), "utf8");
        expect(feed).toContain(`<title>${english.blog.feed.title(name)}</title>`);

        expect(mentionsOfOldName(dist, await exclusions(stack, site))).toEqual([]);
      },
    );
  }
});
