// npm run lighthouse: builds the site against a fresh local stack, serves dist/ compressed like
// a static host, and runs Lighthouse (mobile) in the system Chromium on the key pages in both
// languages. Prints the four category scores with LCP, CLS and TBT, and fails below target.
// Each page is measured LIGHTHOUSE_RUNS times (5 by default) and the median run is reported, as
// Lighthouse's variability guide advises: single runs vary, mostly in Total Blocking Time, and
// headless Chromium sometimes holds a page's first frame for a second (lighthouse#17148).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { buildAgainstFreshStack } from "./lib/local-build.ts";

const sitePort = Number(process.env.LIGHTHOUSE_PORT ?? 4199);
const siteUrl = `http://127.0.0.1:${sitePort}`;
const distDir = "node_modules/.tmp/lighthouse-dist";
const chromePath =
  [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((path) => path && existsSync(path)) ??
  undefined;
type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
const runsPerPage = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

async function serve(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn("npx tsx scripts/serve-dist.ts", {
    shell: true,
    stdio: "ignore",
    // Its own process group, so the server behind npx goes when the group is killed.
    detached: true,
    env: { ...process.env, ...env },
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ready = await fetch(siteUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`dist/ is not served at ${siteUrl}`);
}

const stack = await buildAgainstFreshStack(distDir, siteUrl);
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  server = await serve({ DIST_DIR: distDir, PORT: String(sitePort) });
  // The server compresses each file on its first request; a static host has done it at deploy.
  for (const file of readdirSync(`${distDir}/assets`).filter((name) => !name.endsWith(".map"))) {
    const response = await fetch(`${siteUrl}/assets/${file}`, {
      headers: { "accept-encoding": "br" },
    });
    await response.arrayBuffer();
  }

  const latestSlug = async (language: string) => {
    const response = await fetch(
      `${stack.url}/rest/v1/blog_posts?select=slug&status=eq.published&language=eq.${language}&order=published_at.desc&limit=1`,
      { headers: { apikey: stack.anonKey } },
    );
    const [row] = (await response.json()) as { slug: string }[];
    return row?.slug;
  };

  const paths = [
    "/",
    "/fr",
    "/services",
    "/fr/services",
    "/contact",
    "/fr/contact",
    "/blog",
    "/fr/blog",
    `/blog/${await latestSlug("en")}`,
    `/fr/blog/${await latestSlug("fr")}`,
  ];

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });

  const rows: string[][] = [];
  for (const path of paths) {
    const results: Report[] = [];
    for (let run = 0; run < runsPerPage; run += 1) {
      const result = await lighthouse(`${siteUrl}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.keys(targets),
      });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      results.push(result.lhr);
    }
    const lhr = computeMedianRun(results) as Report;
    const { categories, audits } = lhr;
    const scores = Object.keys(targets).map((key) =>
      Math.round((categories[key]?.score ?? 0) * 100),
    );
    Object.entries(targets).forEach(([key, target], index) => {
      if ((scores[index] ?? 0) < target) failed = true;
      if ((scores[index] ?? 0) < target && key !== "performance") {
        for (const audit of Object.values(audits)) {
          if (
            audit.score !== null &&
            audit.score < 1 &&
            categories[key]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0)
          ) {
            console.log(`  ${path} ${key}: ${audit.id} — ${audit.title}`);
          }
        }
      }
    });
    rows.push([
      path,
      ...scores.map(String),
      `${((audits["largest-contentful-paint"]?.numericValue ?? 0) / 1000).toFixed(2)} s`,
      (audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
      `${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms`,
    ]);
  }

  const header = ["page", "perf", "a11y", "best", "seo", "LCP", "CLS", "TBT"];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(
    ["", line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"),
  );
  console.log(
    `\nmedian of ${runsPerPage} run(s) per page; targets: performance >= ${targets.performance}, accessibility, best practices and SEO = 100`,
  );
} finally {
  await chrome?.kill();
  if (server?.pid) process.kill(-server.pid);
  await stack.close();
}
process.exit(failed ? 1 : 0);
