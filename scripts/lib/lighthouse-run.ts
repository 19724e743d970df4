// What npm run lighthouse does for each page: runs Lighthouse several times in one Chrome, keeps
// the median run, and reads the figures and the targets it prints.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse, { type Config, type Flags } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

export type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The median of `runs` Lighthouse runs on `url` (Lighthouse's variability guide). */
export async function medianRun(
  url: string,
  runs: number,
  flags: Flags,
  config?: Config,
): Promise<Report> {
  const results: Report[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await lighthouse(
      url,
      { output: "json", logLevel: "error", onlyCategories: [...categories], ...flags },
      config,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse could not measure ${url}: ${result.lhr.runtimeError.message}`);
    results.push(result.lhr);
  }
  const median = computeMedianRun(results) as Report;
  const reportsDir = process.env.LIGHTHOUSE_REPORTS;
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    const { pathname, search } = new URL(url);
    const name = `${pathname}${search}`.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
    writeFileSync(path.join(reportsDir, `${name || "home"}.json`), JSON.stringify(median));
  }
  return median;
}

/**
 * A category's score out of 100, without the audits in `excused` (weighted as Lighthouse does).
 */
export function score(lhr: Report, category: string, excused: string[] = []): number {
  const refs = (lhr.categories[category]?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && !excused.includes(ref.id),
  );
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const points = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0);
  return weight ? Math.round((points / weight) * 100) : 0;
}

/**
 * The audits a page fails by design: a page kept out of search (thank-you, 404) its noindex; a
 * not-found page its status and the browser's console line about it when that is the only error.
 */
export function auditsFailedByDesign(
  lhr: Report,
  page: { notIndexed?: boolean; notFound?: boolean },
): string[] {
  if (!page.notFound) return page.notIndexed ? ["is-crawlable"] : [];
  const consoleErrors =
    (
      lhr.audits["errors-in-console"]?.details as
        { items?: { source?: string; sourceLocation?: { url?: string } }[] } | undefined
    )?.items ?? [];
  const onlyTheDocument = consoleErrors.every(
    (item) => item.source === "network" && item.sourceLocation?.url === lhr.finalDisplayedUrl,
  );
  return ["is-crawlable", "http-status-code", ...(onlyTheDocument ? ["errors-in-console"] : [])];
}

/** An audit's figure, in milliseconds for times. */
export const figure = (lhr: Report, audit: string) => lhr.audits[audit]?.numericValue ?? 0;

export const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;

/** The audits that cost a category points, for the report under the table. */
export function failingAudits(lhr: Report, category: string, excused: string[] = []): string[] {
  return Object.values(lhr.audits)
    .filter(
      (audit) =>
        !excused.includes(audit.id) &&
        audit.score !== null &&
        audit.score < 1 &&
        lhr.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
    )
    .map((audit) => `${audit.id} — ${audit.title}`);
}

/**
 * The pages LIGHTHOUSE_PAGES selects: comma-separated parts of a page's name ("/fr/contact",
 * "/blog/", "video"), or "public" / "staff" for one side; every page when it is unset.
 */
export function selectedBy(filter: string | undefined, side: "public" | "staff") {
  const parts = (filter ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return (name: string) =>
    parts.length === 0 || parts.some((part) => part === side || name.includes(part));
}
