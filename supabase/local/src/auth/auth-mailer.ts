// Auth's e-mails: rendered from [auth.email.template.<type>] (else GoTrue's own subject and
// body) with the data GoTrue gives them, and put in the local outbox as Auth's SMTP would send
// them. The sender is hosted Auth's built-in one: config.toml sets no [auth.email.smtp], since
// `supabase config push` would send it to production.
import type { AppDependencies } from "../app-env.ts";
import type { OutboxMail } from "../outbox.ts";
import type { EmailTemplateType } from "../project-config.ts";
import { compileEmailTemplate, type EmailTemplateData } from "./email-templates.ts";
import type { UserRow } from "./users.ts";

/** Hosted Supabase Auth's sender when a project has no SMTP server of its own. */
export const AUTH_SENDER = "Supabase Auth <noreply@mail.app.supabase.io>";
/** The outbox's sentBy for Auth's e-mails (a function's is its runtime). */
export const AUTH_SENT_BY = "Supabase Auth";

/** GoTrue's defaults (internal/mailer/templatemailer) for the e-mails the stack sends. */
const DEFAULTS = {
  invite: {
    subject: "You've been invited",
    body: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  },
  recovery: {
    subject: "Reset your password",
    body: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
} as const;

const DEFAULT_TEMPLATES = Object.fromEntries(
  Object.entries(DEFAULTS).map(([type, { subject, body }]) => [
    type,
    {
      subject: compileEmailTemplate(subject, `Auth's default ${type} subject`),
      body: compileEmailTemplate(body, `Auth's default ${type} body`),
    },
  ]),
);

export type AuthEmailType = keyof typeof DEFAULTS;

/** The verification type of each e-mail's link (GoTrue's `type` parameter). */
const VERIFICATION_TYPES: Record<AuthEmailType, string> = {
  invite: "invite",
  recovery: "recovery",
};

/** GoTrue's encodeRedirectURL: escaped only when it is not escaped already. */
const encodeRedirect = (url: string) => (/[&=#]/.test(url) ? encodeURIComponent(url) : url);

/** GoTrue's ConfirmationURL: <Auth's URL>/verify?token=<hash>&type=<type>&redirect_to=<url>. */
export function confirmationUrl(
  dependencies: AppDependencies,
  type: string,
  tokenHash: string,
  redirectTo: string,
) {
  const query = `token=${encodeURIComponent(tokenHash)}&type=${encodeURIComponent(type)}`;
  return `${dependencies.publicUrl()}/auth/v1/verify?${query}&redirect_to=${encodeRedirect(redirectTo)}`;
}

/** The e-mail, rendered before anything is committed: a template that fails fails the request. */
export function renderAuthEmail(
  dependencies: AppDependencies,
  type: AuthEmailType,
  user: UserRow,
  token: { otp: string; tokenHash: string },
  redirectTo: string,
): OutboxMail {
  const custom = dependencies.config.emailTemplates[type as EmailTemplateType];
  const subject = custom?.subject ?? DEFAULT_TEMPLATES[type]!.subject;
  const body = custom?.body ?? DEFAULT_TEMPLATES[type]!.body;
  const data: EmailTemplateData = {
    SiteURL: dependencies.siteUrl,
    ConfirmationURL: confirmationUrl(
      dependencies,
      VERIFICATION_TYPES[type],
      token.tokenHash,
      redirectTo,
    ),
    Email: user.email ?? "",
    Token: token.otp,
    TokenHash: token.tokenHash,
    Data: user.raw_user_meta_data ?? {},
    RedirectTo: redirectTo,
  };
  return {
    from: AUTH_SENDER,
    to: [user.email ?? ""],
    subject: subject.render(data),
    html: body.render(data),
  };
}

export function deliverAuthEmail(dependencies: AppDependencies, mail: OutboxMail): void {
  dependencies.outbox.add(mail, null, AUTH_SENT_BY);
}
