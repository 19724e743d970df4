// supabase/config.toml, the Supabase CLI's project configuration: the one place that reads and
// validates the settings the local stack shares with hosted Supabase.
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import {
  compileEmailTemplate,
  EmailTemplateError,
  type EmailTemplate,
} from "./auth/email-templates.ts";

export interface ProjectConfig {
  /** [api] port: where the stack listens unless told otherwise. */
  apiPort: number;
  /** [api] max_rows: the most rows one read through /rest/v1 answers with. */
  maxRows: number;
  /** [auth] site_url: the public site (the base of links in Auth's e-mails). */
  siteUrl: string;
  /** [auth] jwt_expiry: access-token lifetime in seconds. */
  jwtExpiry: number;
  /** [auth] minimum_password_length: the fewest characters of a password Auth accepts. */
  minimumPasswordLength: number;
  /** [auth.rate_limit]: requests per client address in 5 minutes (auth/rate-limit.ts). */
  rateLimits: AuthRateLimits;
  /**
   * [auth.hook.mfa_verification_attempt], when enabled: the Postgres function Auth asks about
   * each two-factor code, quoted as GoTrue quotes it ("schema"."name"); null when off.
   */
  mfaVerificationHook: string | null;
  /** [auth.email] enabled: whether anyone may sign in with e-mail and password. */
  emailLogins: boolean;
  /** [auth] additional_redirect_urls: where Auth's links may lead besides the site. */
  additionalRedirectUrls: string[];
  /** [auth.email] otp_expiry: seconds an e-mailed link or code stays valid. */
  emailOtpExpiry: number;
  /** [auth.email] max_frequency in seconds: the least time between two e-mails of a kind to a user. */
  emailMaxFrequency: number;
  /** [auth.email.template.<type>]: the subject and body, compiled, of each template set. */
  emailTemplates: Partial<Record<EmailTemplateType, CustomEmailTemplate>>;
  /** [functions.<name>] verify_jwt, for the functions that have an entry. */
  verifyJwt: Record<string, boolean>;
  /**
   * [functions.<name>] import_map, for the functions that set one: absolute, resolved as the CLI
   * resolves it, against the folder of config.toml.
   */
  importMaps: Record<string, string>;
}

export interface AuthRateLimits {
  /** sign_in_sign_ups: sign-ins here; on hosted Auth, /recover and PUT /user (RATE_LIMIT_OTP). */
  signInsSignUps: number;
  /** token_refresh: every /token grant. */
  tokenRefreshes: number;
  /** token_verifications: /verify. */
  tokenVerifications: number;
  /** email_sent: Auth's e-mails per hour, for the whole project. */
  emailsSent: number;
}

/** The templates the CLI's [auth.email.template.<type>] accepts. */
export const EMAIL_TEMPLATE_TYPES = [
  "invite",
  "confirmation",
  "recovery",
  "magic_link",
  "email_change",
  "reauthentication",
] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/** A template from config.toml; what it leaves out is Auth's default. */
export interface CustomEmailTemplate {
  subject?: EmailTemplate;
  body?: EmailTemplate;
}

/** The Supabase CLI's defaults for what the file leaves out. */
const CLI_DEFAULTS = {
  apiPort: 54321,
  maxRows: 1000,
  siteUrl: "http://127.0.0.1:3000",
  jwtExpiry: 3600,
  minimumPasswordLength: 6,
  rateLimits: { signInsSignUps: 30, tokenRefreshes: 150, tokenVerifications: 30, emailsSent: 2 },
  emailOtpExpiry: 3600,
  emailMaxFrequency: "1s",
  enableSignup: true,
  verifyJwt: true,
};

export class ProjectConfigError extends Error {}

type Table = Record<string, unknown>;

function table(parent: Table, key: string, where: string): Table {
  const value = parent[key];
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProjectConfigError(`${where} must be a table`);
  }
  return value as Table;
}

function positiveInteger(section: Table, key: string, where: string, fallback: number): number {
  const value = section[key] ?? fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    throw new ProjectConfigError(`${where} must be a positive integer`);
  }
  return value;
}

function boolean(section: Table, key: string, where: string, fallback: boolean): boolean {
  const value = section[key] ?? fallback;
  if (typeof value !== "boolean") throw new ProjectConfigError(`${where} must be true or false`);
  return value;
}

function siteUrl(auth: Table): string {
  const value = auth.site_url ?? CLI_DEFAULTS.siteUrl;
  if (typeof value !== "string" || !URL.canParse(value)) {
    throw new ProjectConfigError("[auth] site_url must be a URL");
  }
  return value;
}

function checkSignupsDisabled(auth: Table): void {
  if (boolean(auth, "enable_signup", "[auth] enable_signup", CLI_DEFAULTS.enableSignup)) {
    throw new ProjectConfigError(
      "[auth] enable_signup is true (or unset, the CLI's default): the local stack implements disabled sign-ups only; staff are created with npm run admin:create",
    );
  }
}

/**
 * [auth.email] enabled, the e-mail provider. Its old name, enable_signup, read as if it blocked
 * sign-ups only, but it switches e-mail logins off altogether: refused, so nobody pushes it.
 */
function emailLogins(auth: Table): boolean {
  const email = table(auth, "email", "[auth.email]");
  if (email.enable_signup !== undefined) {
    throw new ProjectConfigError(
      "[auth.email] enable_signup is the deprecated name of [auth.email] enabled, which turns e-mail logins on or off; block sign-ups with [auth] enable_signup",
    );
  }
  return boolean(email, "enabled", "[auth.email] enabled", true);
}

function redirectUrls(auth: Table): string[] {
  const value = auth.additional_redirect_urls ?? [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) {
    throw new ProjectConfigError("[auth] additional_redirect_urls must be a list of URLs");
  }
  return value;
}

/** A Go duration as the CLI writes them ("1s", "60s", "1m30s", "1h"), in seconds. */
function durationSeconds(section: Table, key: string, where: string, fallback: string): number {
  const value = section[key] ?? fallback;
  const parts =
    typeof value === "string" ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value) : null;
  if (!parts || value === "")
    throw new ProjectConfigError(`${where} must be a duration such as "60s"`);
  const [hours, minutes, seconds] = parts.slice(1).map((part) => Number(part ?? 0));
  return hours! * 3600 + minutes! * 60 + seconds!;
}

/**
 * [auth.email.template.<type>] subject and content_path, compiled now so a template the stack
 * cannot render stops the start. content_path is relative to the project folder (the CLI's rule
 * for e-mail templates), the folder above supabase/.
 */
function emailTemplates(email: Table, directory: string): ProjectConfig["emailTemplates"] {
  const templates: ProjectConfig["emailTemplates"] = {};
  const section = table(email, "template", "[auth.email.template]");
  for (const name of Object.keys(section)) {
    const where = `[auth.email.template.${name}]`;
    if (!(EMAIL_TEMPLATE_TYPES as readonly string[]).includes(name)) {
      throw new ProjectConfigError(`${where} is not a template Auth sends`);
    }
    const settings = table(section, name, where);
    const { subject, content_path: contentPath } = settings;
    if (subject !== undefined && typeof subject !== "string") {
      throw new ProjectConfigError(`${where} subject must be text`);
    }
    if (contentPath !== undefined && typeof contentPath !== "string") {
      throw new ProjectConfigError(`${where} content_path must be a path`);
    }
    try {
      const file = contentPath && path.resolve(path.dirname(directory), contentPath);
      templates[name as EmailTemplateType] = {
        subject:
          subject === undefined ? undefined : compileEmailTemplate(subject, `${where} subject`),
        body: file ? compileEmailTemplate(fs.readFileSync(file, "utf8"), contentPath) : undefined,
      };
    } catch (error) {
      const reason = error instanceof EmailTemplateError ? error.message : (error as Error).message;
      throw new ProjectConfigError(`${where}: ${reason}`);
    }
  }
  return templates;
}

function emailSettings(auth: Table, directory: string) {
  const email = table(auth, "email", "[auth.email]");
  return {
    emailOtpExpiry: positiveInteger(
      email,
      "otp_expiry",
      "[auth.email] otp_expiry",
      CLI_DEFAULTS.emailOtpExpiry,
    ),
    emailMaxFrequency: durationSeconds(
      email,
      "max_frequency",
      "[auth.email] max_frequency",
      CLI_DEFAULTS.emailMaxFrequency,
    ),
    emailTemplates: emailTemplates(email, directory),
  };
}

function rateLimits(auth: Table): AuthRateLimits {
  const section = table(auth, "rate_limit", "[auth.rate_limit]");
  const read = (key: string, fallback: number) =>
    positiveInteger(section, key, `[auth.rate_limit] ${key}`, fallback);
  const defaults = CLI_DEFAULTS.rateLimits;
  return {
    signInsSignUps: read("sign_in_sign_ups", defaults.signInsSignUps),
    tokenRefreshes: read("token_refresh", defaults.tokenRefreshes),
    tokenVerifications: read("token_verifications", defaults.tokenVerifications),
    emailsSent: read("email_sent", defaults.emailsSent),
  };
}

/** GoTrue's pg-functions://postgres/<schema>/<name>, as the function's quoted name. */
function mfaVerificationHook(auth: Table): string | null {
  const where = "[auth.hook.mfa_verification_attempt]";
  const hook = table(table(auth, "hook", "[auth.hook]"), "mfa_verification_attempt", where);
  if (!boolean(hook, "enabled", `${where} enabled`, false)) return null;
  const target =
    typeof hook.uri === "string"
      ? /^pg-functions:\/\/postgres\/([a-z_][a-z0-9_]*)\/([a-z_][a-z0-9_]*)$/.exec(hook.uri)
      : null;
  if (!target) {
    throw new ProjectConfigError(
      `${where} uri must be pg-functions://postgres/<schema>/<function> (the local stack runs Postgres hooks only)`,
    );
  }
  return `"${target[1]}"."${target[2]}"`;
}

function functionSettings(
  root: Table,
  directory: string,
): Pick<ProjectConfig, "verifyJwt" | "importMaps"> {
  const verifyJwt: Record<string, boolean> = {};
  const importMaps: Record<string, string> = {};
  for (const name of Object.keys(table(root, "functions", "[functions]"))) {
    const settings = table(table(root, "functions", "[functions]"), name, `[functions.${name}]`);
    verifyJwt[name] = boolean(
      settings,
      "verify_jwt",
      `[functions.${name}] verify_jwt`,
      CLI_DEFAULTS.verifyJwt,
    );
    const importMap = settings.import_map ?? "";
    if (typeof importMap !== "string") {
      throw new ProjectConfigError(`[functions.${name}] import_map must be a path`);
    }
    if (importMap !== "") importMaps[name] = path.resolve(directory, importMap);
  }
  return { verifyJwt, importMaps };
}

/**
 * Validates parsed TOML; a ProjectConfigError names the first setting it cannot serve. Paths in
 * it are relative to `directory`, the folder of config.toml.
 */
export function projectConfigFrom(root: Table, directory = "."): ProjectConfig {
  const api = table(root, "api", "[api]");
  const auth = table(root, "auth", "[auth]");
  checkSignupsDisabled(auth);
  const port = positiveInteger(api, "port", "[api] port", CLI_DEFAULTS.apiPort);
  if (port > 65535) throw new ProjectConfigError("[api] port must be at most 65535");
  return {
    apiPort: port,
    maxRows: positiveInteger(api, "max_rows", "[api] max_rows", CLI_DEFAULTS.maxRows),
    siteUrl: siteUrl(auth),
    jwtExpiry: positiveInteger(auth, "jwt_expiry", "[auth] jwt_expiry", CLI_DEFAULTS.jwtExpiry),
    minimumPasswordLength: positiveInteger(
      auth,
      "minimum_password_length",
      "[auth] minimum_password_length",
      CLI_DEFAULTS.minimumPasswordLength,
    ),
    rateLimits: rateLimits(auth),
    mfaVerificationHook: mfaVerificationHook(auth),
    emailLogins: emailLogins(auth),
    additionalRedirectUrls: redirectUrls(auth),
    ...emailSettings(auth, directory),
    ...functionSettings(root, directory),
  };
}

export function readProjectConfig(file: string): ProjectConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ProjectConfigError(`${file}: ${(error as Error).message}`);
  }
  let root: Table;
  try {
    root = parse(text);
  } catch (error) {
    throw new ProjectConfigError(`${file}: ${(error as Error).message.split("\n")[0]}`);
  }
  try {
    return projectConfigFrom(root, path.dirname(file));
  } catch (error) {
    if (error instanceof ProjectConfigError) {
      throw new ProjectConfigError(`${file}: ${error.message}`);
    }
    throw error;
  }
}

/** Whether the gateway checks the JWT of calls to a function: on unless its entry says false. */
export function verifiesJwt(config: ProjectConfig, functionName: string): boolean {
  return config.verifyJwt[functionName] ?? CLI_DEFAULTS.verifyJwt;
}
