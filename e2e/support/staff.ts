import { generateKeyPairSync, randomUUID, sign } from "node:crypto";
import type { Page } from "@playwright/test";
import type { Database } from "../../shared/database.types";
import { serviceClient, secretKey, stackUrl } from "./stack";

type LeadInsert = Database["public"]["Tables"]["leads"]["Insert"];
type PostInsert = Database["public"]["Tables"]["blog_posts"]["Insert"];

// The local stack's seeded staff account (supabase/local, SEED_ADMIN_* defaults). Test-side only.
export const staffEmail = process.env.SEED_ADMIN_EMAIL ?? "admin@appgrove.local";
export const staffPassword = process.env.SEED_ADMIN_PASSWORD ?? "appgrove-local-admin";

/** A short tag that makes the rows of one test easy to find among everyone else's. */
export function uniqueTag(): string {
  return randomUUID().slice(0, 8);
}

/** Signs in through the login form and waits for the panel. */
export async function signInAsStaff(page: Page, email = staffEmail, password = staffPassword) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A link of the staff workspace's navigation: "Overview", "Leads", "Posts", "Subscribers"... */
export function staffSection(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Staff sections" }).getByRole("link", { name });
}

/**
 * The display name of the seeded staff account's profile: what its new posts are signed with
 * (docs/ARCHITECTURE.md, decision 15). Read from the database, since staff may rename themselves.
 */
export async function staffDisplayName(email = staffEmail): Promise<string> {
  const users = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
  if (users.error) throw users.error;
  const account = users.data.users.find((user) => user.email === email.toLowerCase());
  if (!account) throw new Error(`no staff account ${email}`);
  const { data, error } = await serviceClient()
    .from("staff_profiles")
    .select("display_name")
    .eq("user_id", account.id)
    .single();
  if (error) throw error;
  return data.display_name;
}

/** The structured data (JSON-LD) of the page, parsed. */
export async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? "null")));
}

/** A confirmed Auth user without any role, made through the admin API with the service role. */
export async function createPlainUser(): Promise<{ email: string; password: string }> {
  const email = `visitor-${uniqueTag()}@example.com`;
  const password = `pw-${randomUUID()}`;
  const response = await fetch(`${stackUrl}/auth/v1/admin/users`, {
    method: "POST",
    headers: {
      apikey: secretKey,
      authorization: `Bearer ${secretKey}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  if (!response.ok) throw new Error(`creating a user failed: ${response.status}`);
  return { email, password };
}

/** Inserts leads (service role), oldest first, one second apart, and returns them as stored. */
export async function insertLeads(leads: Omit<LeadInsert, "created_at">[]) {
  const start = Date.now() - leads.length * 1000;
  const rows = leads.map((lead, index) => ({
    ...lead,
    created_at: new Date(start + index * 1000).toISOString(),
  }));
  const { data, error } = await serviceClient().from("leads").insert(rows).select("*");
  if (error) throw error;
  return data;
}

export async function createPost(post: PostInsert) {
  const { data, error } = await serviceClient()
    .from("blog_posts")
    .insert(post)
    .select("*")
    .single();
  if (error) throw error;
  return data;
}

export async function leadStatus(id: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from("leads")
    .select("status")
    .eq("id", id)
    .single();
  if (error) throw error;
  return data.status;
}

/** The localStorage key under which supabase-js keeps the session. */
export async function sessionStorageKey(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      Object.keys(localStorage).find(
        (key) => key.startsWith("sb-") && key.endsWith("-auth-token"),
      ) ?? null,
  );
}

/**
 * The same token (header and claims) signed with a new P-256 key, under `kid` or the original's
 * key id: what an attacker who can edit local storage could make.
 */
export function forgeAccessToken(token: string, kid?: string): string {
  const [encodedHeader, encodedPayload] = token.split(".") as [string, string];
  const header = JSON.parse(Buffer.from(encodedHeader, "base64url").toString("utf8"));
  const forgedHeader = Buffer.from(
    JSON.stringify({ ...header, alg: "ES256", ...(kid ? { kid } : {}) }),
  ).toString("base64url");
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const signature = sign("sha256", Buffer.from(`${forgedHeader}.${encodedPayload}`), {
    key: privateKey,
    dsaEncoding: "ieee-p1363",
  });
  return `${forgedHeader}.${encodedPayload}.${signature.toString("base64url")}`;
}

/** The header of a JWT, decoded. */
export function tokenHeader(token: string): { alg?: string; kid?: string } {
  return JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString("utf8"));
}
