// npm run admin:create -- --email ada@example.com [--password '...'] [--name 'Ada Lovelace']
//                         [--url ... --secret-key ...]
//
// Makes an Administrator, on any Supabase project, with a secret key (or a legacy service-role
// key): a new account (Auth user with that password, confirmed) and its membership of the team
// (public.staff_members, role admin, joined), or, for an account that exists, its membership
// alone. An existing account's password is never touched: --password for one is refused (its
// owner uses "Forgot password?"). Targets the local stack unless SUPABASE_URL /
// SUPABASE_SECRET_KEY (or SUPABASE_SERVICE_ROLE_KEY, or the flags) name another project. The
// database gives every member a profile named after the e-mail's local part (decision 15);
// --name sets the name their posts are signed with instead. Each change is written to the
// team's audit log (no actor: a terminal did it).
import { pathToFileURL } from "node:url";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "../shared/database.types.ts";
import { DEFAULT_HOST, DEFAULT_PORT, LOCAL_SECRET_KEY } from "../supabase/local/src/config.ts";
import { createNodeClient } from "./lib/node-supabase-client.ts";

export interface AdminCreateOptions {
  url: string;
  /** A secret key (sb_secret_…) or a legacy service-role key. */
  secretKey: string;
  email: string;
  /** Only for a new account: an existing account's password is never changed. */
  password?: string;
  /** The display name of the staff profile (bylines); unset keeps the profile's name. */
  name?: string;
}

export interface AdminCreateResult {
  /**
   * created: a new account, an Administrator; promoted: an existing account made an
   * Administrator (its password unchanged); unchanged: it was one already.
   */
  action: "created" | "promoted" | "unchanged";
  id: string;
  email: string;
  /** The role the account had before (promoted from a pending invitation or another role). */
  previousRole?: string;
  /** The display name set by --name. */
  name?: string;
}

/** What admin:create prints: exactly what it did. */
export function describeAdminCreate(result: AdminCreateResult): string {
  const what = {
    created: `Created Administrator ${result.email}`,
    promoted: `${result.email} is now an Administrator (password unchanged)`,
    unchanged: `${result.email} is already an Administrator`,
  }[result.action];
  return result.name ? `${what}; display name set to "${result.name}"` : what;
}

export async function adminCreate(options: AdminCreateOptions): Promise<AdminCreateResult> {
  const email = options.email.trim().toLowerCase();
  const supabase = createNodeClient<Database>(options.url, options.secretKey);
  const admin = supabase.auth.admin;

  let existing: { id: string } | null = null;
  for (let page = 1; !existing; page++) {
    const { data, error } = await admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`Could not list users: ${error.message}`);
    existing = data.users.find((u) => u.email?.toLowerCase() === email) ?? null;
    if (data.users.length < 1000) break;
  }

  if (existing && options.password !== undefined) {
    throw new Error(
      `${email} already has an account; admin:create never changes a password, so nothing was done. ` +
        `Run it again without --password to make the account an Administrator, and let its owner ` +
        `choose a new password with "Forgot password?" on the sign-in page.`,
    );
  }
  if (!existing && !options.password) {
    throw new Error(`${email} has no account yet: pass --password to create it`);
  }

  let id: string;
  let action: AdminCreateResult["action"];
  let previousRole: string | undefined;
  if (existing) {
    id = existing.id;
    const { data: member, error } = await supabase
      .from("staff_members")
      .select("role, joined_at")
      .eq("user_id", id)
      .maybeSingle();
    if (error) throw new Error(`Could not read ${email}'s membership: ${error.message}`);
    if (member?.role === "admin" && member.joined_at) {
      action = "unchanged";
    } else {
      previousRole = member ? `${member.role}${member.joined_at ? "" : " (invited)"}` : undefined;
      const made = await supabase
        .from("staff_members")
        .upsert(
          { user_id: id, role: "admin", joined_at: member?.joined_at ?? new Date().toISOString() },
          { onConflict: "user_id" },
        );
      if (made.error)
        throw new Error(`Could not make ${email} an Administrator: ${made.error.message}`);
      await audit(supabase, id, member ? "role_changed" : "joined", {
        ...(member ? { from: member.role } : {}),
        to: "admin",
      });
      action = "promoted";
    }
  } else {
    const { data, error } = await admin.createUser({
      email,
      password: options.password,
      email_confirm: true,
    });
    if (error) throw new Error(`Could not create ${email}: ${error.message}`);
    id = data.user.id;
    const made = await supabase
      .from("staff_members")
      .insert({ user_id: id, role: "admin", joined_at: new Date().toISOString() });
    if (made.error) {
      // No half-made Administrator: the account goes again.
      await admin.deleteUser(id);
      throw new Error(`Could not make ${email} an Administrator: ${made.error.message}`);
    }
    await audit(supabase, id, "joined", { to: "admin" });
    action = "created";
  }

  let name: string | undefined;
  if (options.name?.trim()) {
    name = options.name.trim();
    const { error } = await supabase
      .from("staff_profiles")
      .upsert({ user_id: id, display_name: name }, { onConflict: "user_id" });
    if (error) {
      throw new Error(
        error.code === "23505"
          ? `${describeAdminCreate({ action, id, email })}, but the display name "${name}" is a colleague's already: choose another`
          : `${describeAdminCreate({ action, id, email })}, but the display name could not be set: ${error.message}`,
      );
    }
  }
  return { action, id, email, previousRole, name };
}

/** One entry in the team's audit log, by no one (a terminal with the secret key). */
async function audit(
  supabase: SupabaseClient<Database>,
  member: string,
  action: "joined" | "role_changed",
  details: Record<string, string>,
) {
  const { error } = await supabase.rpc("record_staff_event", {
    // No actor: the generated types call every argument non-null; the function takes null.
    actor: null as unknown as string,
    action,
    member,
    details: { ...details, by: "admin:create" },
  });
  if (error) throw new Error(`Could not write the audit log: ${error.message}`);
}

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) continue;
    if (m[2] !== undefined) out[m[1]!] = m[2];
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) out[m[1]!] = argv[++i]!;
    else out[m[1]!] = "true";
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.email || args.help) {
    console.log(`Usage: npm run admin:create -- --email <email> [--password <password>]
       [--name <display name>] [--url <project url>] [--secret-key <key>]

Makes an Administrator of the team. For a new e-mail, creates the account with --password.
For an existing account, makes it an Administrator and leaves its password as it is
(--password is refused then: its owner uses "Forgot password?" on the sign-in page).
The staff profile is named after the e-mail's local part unless --name gives the name to sign
posts with.
Defaults: SUPABASE_URL and SUPABASE_SECRET_KEY (or the legacy SUPABASE_SERVICE_ROLE_KEY) from
the environment, else the local stack.`);
    process.exit(args.email ? 0 : 1);
  }
  const url =
    args.url ??
    process.env.SUPABASE_URL ??
    `http://${DEFAULT_HOST}:${process.env.SUPABASE_LOCAL_PORT ?? DEFAULT_PORT}`;
  const secretKey =
    args["secret-key"] ??
    process.env.SUPABASE_SECRET_KEY ??
    process.env.SUPABASE_SERVICE_ROLE_KEY ??
    LOCAL_SECRET_KEY;
  const password = args.password ?? process.env.ADMIN_PASSWORD;
  try {
    const result = await adminCreate({
      url,
      secretKey,
      email: args.email,
      password,
      name: args.name,
    });
    console.log(`${describeAdminCreate(result)} (${result.id}) on ${url}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
