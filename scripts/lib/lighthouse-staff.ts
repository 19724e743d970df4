// The staff workspace for npm run lighthouse: a staff account and a realistic inbox on the fresh
// stack, a signed-in session in the Chrome Lighthouse runs in, and the pages to measure.
import crypto from "node:crypto";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import type { Config } from "lighthouse";
import { chromium } from "playwright-core";
import { upsertAdmin } from "../../supabase/local/src/auth/users.ts";
import type { Stack } from "../../supabase/local/src/stack.ts";

/** How many leads the inbox holds while it is measured, spread over the last twelve weeks. */
export const seededLeads = 200;

/** The staff pages measured; the editor opens the newest sample post. */
export const staffPages = [
  { name: "/admin?tab=leads (lead inbox)", path: "/admin?tab=leads" },
  { name: "/admin?tab=posts (posts list)", path: "/admin?tab=posts" },
  { name: "/blog-editor/:id (editor)", path: "/blog-editor/:id" },
  { name: "/admin?tab=overview (overview)", path: "/admin?tab=overview" },
];

/** The goal of a staff page on the desktop preset (issue 36). */
export const staffGoal = { lcp: 1000, tbt: 100 };

/**
 * Lighthouse's desktop preset, keeping the session: Lighthouse clears the HTTP cache and some
 * storage before each run (a cold open, as after a deploy), never localStorage, where
 * supabase-js keeps the session. Named here so that a new Lighthouse default cannot sign out.
 */
export const staffConfig: Config = {
  ...desktopConfig,
  settings: {
    ...desktopConfig.settings,
    clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage"],
  },
};

const serviceHeaders = (stack: Stack) => ({
  apikey: stack.secretKey,
  authorization: `Bearer ${stack.secretKey}`,
  "content-type": "application/json",
});

/** The leads of a busy agency: both languages, every source and status, half answered. */
async function seedLeads(stack: Stack): Promise<void> {
  const sources = ["homepage", "services", "about", "contact"];
  const statuses = ["new", "contacted", "qualified"];
  const now = Date.now();
  const span = 12 * 7 * 24 * 3_600_000;
  const rows = Array.from({ length: seededLeads }, (_, index) => {
    const created = new Date(now - span + Math.round((span * index) / seededLeads));
    return {
      name: `Lead ${String(index + 1).padStart(3, "0")}`,
      email: `lead-${index + 1}@example.com`,
      company: `Studio ${(index % 37) + 1}`,
      message: "We are launching an app next quarter and would like a growth plan.",
      source: sources[index % sources.length],
      language: index % 3 ? "en" : "fr",
      status: statuses[index % statuses.length],
      created_at: created.toISOString(),
      first_reply_at:
        index % 2
          ? new Date(created.getTime() + ((index % 9) + 1) * 3_600_000).toISOString()
          : null,
      // Imported, not received: the agency is owed no e-mail for them.
      notification: "emailed",
      notified_at: created.toISOString(),
    };
  });
  const response = await fetch(`${stack.url}/rest/v1/leads`, {
    method: "POST",
    headers: serviceHeaders(stack),
    body: JSON.stringify(rows),
  });
  if (!response.ok) throw new Error(`seeding leads: ${response.status} ${await response.text()}`);
}

/** The newest post of the sample posts, for the editor. */
async function existingPostId(stack: Stack): Promise<string> {
  const response = await fetch(
    `${stack.url}/rest/v1/blog_posts?select=id&status=eq.published&order=published_at.desc&limit=1`,
    { headers: serviceHeaders(stack) },
  );
  const [row] = (await response.json()) as { id: string }[];
  if (!row) throw new Error("no sample post to open in the editor");
  return row.id;
}

/**
 * Makes a staff administrator and the inbox, signs in through the login form in the Chrome at
 * `chromePort` (its default profile, where Lighthouse's tabs open). Returns the editor's post.
 */
export async function prepareStaffWorkspace(
  stack: Stack,
  siteUrl: string,
  chromePort: number,
): Promise<{ postId: string }> {
  const email = "lighthouse@example.com";
  const password = crypto.randomBytes(18).toString("base64url");
  await stack.db.transaction({}, (transaction) => upsertAdmin(transaction, email, password));
  await seedLeads(stack);
  const postId = await existingPostId(stack);

  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error("Chrome has no default context to sign in");
    const page = await context.newPage();
    await page.goto(`${siteUrl}/admin`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("navigation", { name: "Staff sections" }).waitFor({ timeout: 30_000 });
    await page.close();
  } finally {
    await browser.close();
  }

  return { postId };
}
