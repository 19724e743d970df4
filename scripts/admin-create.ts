// npm run admin:create -- --email staff@example.com [--password '...'] [--name 'Ada Lovelace']
//                         [--url ... --secret-key ...]
//
// Creates a staff user (app_metadata.role = "admin") or promotes an existing one, on any
// Supabase project, through the Auth admin API with a secret key (or a legacy service-role
// key). Targets the local stack unless SUPABASE_URL / SUPABASE_SECRET_KEY (or
// SUPABASE_SERVICE_ROLE_KEY, or the flags) name another project. The database gives every
// staff user a profile named after the e-mail's local part (decision 15); --name sets the
// name their posts are signed with instead.
import { pathToFileURL } from "node:url";
import { DEFAULT_HOST, DEFAULT_PORT, LOCAL_SECRET_KEY } from "../supabase/local/src/config.ts";
import { createNodeClient } from "./lib/node-supabase-client.ts";

export interface AdminCreateOptions {
  url: string;
  /** A secret key (sb_secret_…) or a legacy service-role key. */
  secretKey: string;
  email: string;
  password?: string;
  /** The display name of the staff profile (bylines); unset keeps the profile's name. */
  name?: string;
}

export interface AdminCreateResult {
  action: "created" | "promoted";
  id: string;
  email: string;
}

async function setDisplayName(options: AdminCreateOptions, userId: string, name: string) {
  const { error } = await createNodeClient(options.url, options.secretKey)
    .from("staff_profiles")
    .upsert({ user_id: userId, display_name: name.trim() }, { onConflict: "user_id" });
  if (error) throw new Error(`Could not set the display name: ${error.message}`);
}

export async function adminCreate(options: AdminCreateOptions): Promise<AdminCreateResult> {
  const email = options.email.trim().toLowerCase();
  const admin = createNodeClient(options.url, options.secretKey).auth.admin;

  let existing: { id: string } | null = null;
  for (let page = 1; !existing; page++) {
    const { data, error } = await admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`Could not list users: ${error.message}`);
    existing = data.users.find((u) => u.email?.toLowerCase() === email) ?? null;
    if (data.users.length < 1000) break;
  }

  if (existing) {
    const { data, error } = await admin.updateUserById(existing.id, {
      app_metadata: { role: "admin" },
      email_confirm: true,
      ...(options.password ? { password: options.password } : {}),
    });
    if (error) throw new Error(`Could not promote ${email}: ${error.message}`);
    if (options.name) await setDisplayName(options, data.user.id, options.name);
    return { action: "promoted", id: data.user.id, email };
  }
  if (!options.password)
    throw new Error(`${email} does not exist yet: pass --password to create it`);
  const { data, error } = await admin.createUser({
    email,
    password: options.password,
    email_confirm: true,
    app_metadata: { role: "admin" },
  });
  if (error) throw new Error(`Could not create ${email}: ${error.message}`);
  if (options.name) await setDisplayName(options, data.user.id, options.name);
  return { action: "created", id: data.user.id, email };
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

Creates the staff user (app_metadata.role = "admin") or promotes an existing user. The user's
staff profile is named after the e-mail's local part unless --name gives the name to sign
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
    const passwordChanged = result.action === "promoted" && password ? " (password changed)" : "";
    console.log(
      `${result.action === "created" ? "Created" : "Promoted"} staff user ${result.email} (${result.id}) on ${url}${passwordChanged}`,
    );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
