// The newsletter's e-mail side. Two routes:
//   POST /newsletter/confirmation  {email}  The site calls it after newsletter_subscribe(), with
//     its public key. When the address is pending and was not sent a confirmation within the
//     limit, the database issues the links and this sends them. The answer is always the same
//     202, whatever the address: it tells nobody whether an address is on the list.
//   POST /newsletter/unsubscribe?token=…  The one-click unsubscribe of RFC 8058, which mail
//     apps send without any key, from the List-Unsubscribe header of every newsletter e-mail.
// verify_jwt is off for it (supabase/config.toml): neither caller has a user's JWT.
import { callDatabaseFunction, readDatabase } from "../_shared/database.ts";
import { readResendAccount, sendWithResend } from "../_shared/email.ts";
import { answerPost, jsonResponse, readJsonBody } from "../_shared/http.ts";
import { HttpError } from "../_shared/http-error.ts";
import { authoriseSiteCaller } from "../_shared/keys.ts";
import { NEWSLETTER_TOKEN_PARAMETER } from "../_shared/newsletter-pages.ts";
import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";
import { buildConfirmationEmail, type Confirmation, type Sender } from "./confirmation-email.ts";

const DEFAULT_FROM = "Appgrove <newsletter@appgrove.example>";
const EMAIL_MAX_LENGTH = 320;

function readSender(ctx: FunctionContext, database: { url: string }): Sender {
  const siteUrl = ctx.env.get("SITE_URL")?.trim();
  if (!siteUrl) throw new HttpError(500, "SITE_URL is not configured.");
  return {
    from: ctx.env.get("NEWSLETTER_FROM")?.trim() || DEFAULT_FROM,
    siteUrl,
    functionUrl: `${database.url}/functions/v1/newsletter`,
  };
}

function readAddress(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email !== "string" || email.trim() === "" || email.length > EMAIL_MAX_LENGTH) {
    throw new HttpError(400, 'The body must be {"email": "…"}.');
  }
  return email;
}

async function sendConfirmation(req: Request, ctx: FunctionContext): Promise<Response> {
  authoriseSiteCaller(req, ctx.env);
  const address = readAddress(await readJsonBody(req));
  const database = readDatabase(ctx);
  const resend = readResendAccount(ctx.env);
  const sender = readSender(ctx, database);
  const claimed = (await callDatabaseFunction(ctx, database, "claim_newsletter_confirmation", {
    address,
  })) as Confirmation[];
  for (const confirmation of claimed) {
    try {
      await sendWithResend(ctx, resend, buildConfirmationEmail(confirmation, sender));
    } catch (error) {
      // The address may be sent one again at once; the visitor still sees the same answer.
      await callDatabaseFunction(ctx, database, "release_newsletter_confirmation", { address });
      console.error("newsletter: the confirmation e-mail failed", error);
    }
  }
  return jsonResponse(202, { ok: true });
}

async function unsubscribeInOneClick(url: URL, ctx: FunctionContext): Promise<Response> {
  const token = url.searchParams.get(NEWSLETTER_TOKEN_PARAMETER) ?? "";
  if (token === "") throw new HttpError(400, "The link has no token.");
  const unsubscribed = await callDatabaseFunction(
    ctx,
    readDatabase(ctx),
    "unsubscribe_from_newsletter",
    { token },
  );
  if (unsubscribed !== true) throw new HttpError(404, "This link is unknown, used or expired.");
  return jsonResponse(200, { ok: true });
}

const handler: FunctionHandler = (req, ctx) =>
  answerPost(req, "newsletter", () => {
    const url = new URL(req.url);
    const route = url.pathname.replace(/^.*\/newsletter/, "");
    if (route === "/confirmation") return sendConfirmation(req, ctx);
    if (route === "/unsubscribe") return unsubscribeInOneClick(url, ctx);
    throw new HttpError(404, "Unknown route.");
  });

export default handler;
