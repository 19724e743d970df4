// The newsletter's e-mail side. Two routes:
//   POST /newsletter/confirmation  {email}  The site calls it after newsletter_subscribe(), with
//     its public key. It answers 202 at once, before asking the database anything, so the
//     answer and its timing are the same for every address; then, when the address is pending
//     and was not sent a confirmation within the limit, the database issues the links and this
//     sends them. Nobody learns from it whether an address is on the list.
//   POST /newsletter/unsubscribe?token=…  The one-click unsubscribe of RFC 8058, which mail
//     apps send without any key, from the List-Unsubscribe header of every newsletter e-mail.
// verify_jwt is off for it (supabase/config.toml): neither caller has a user's JWT.
import { callDatabaseFunction, readDatabase, type Database } from "../_shared/database.ts";
import { readResendAccount, sendWithResend, type ResendAccount } from "../_shared/email.ts";
import { answerPost, jsonResponse } from "../_shared/http.ts";
import { KiB, type RequestBody } from "../_shared/request-body.ts";
import { HttpError } from "../_shared/http-error.ts";
import { authoriseSiteCaller } from "../_shared/keys.ts";
import { readNewsletterSender, type NewsletterSender } from "../_shared/newsletter-sender.ts";
import { NEWSLETTER_TOKEN_PARAMETER } from "@shared/newsletter-pages.ts";
import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";
import { buildConfirmationEmail, type Confirmation } from "./confirmation-email.ts";

const EMAIL_MAX_LENGTH = 320;
/** {"email": …} of at most 320 characters, or the one-click form "List-Unsubscribe=One-Click". */
const MAX_BODY_BYTES = 4 * KiB;

function readAddress(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email !== "string" || email.trim() === "" || email.length > EMAIL_MAX_LENGTH) {
    throw new HttpError(400, 'The body must be {"email": "…"}.');
  }
  return email;
}

/** After the answer: the links, if the database issues them, and the e-mail. */
async function confirmAddress(
  ctx: FunctionContext,
  address: string,
  mailing: { database: Database; resend: ResendAccount; sender: NewsletterSender },
): Promise<void> {
  const { database, resend, sender } = mailing;
  try {
    const claimed = (await callDatabaseFunction(ctx, database, "claim_newsletter_confirmation", {
      address,
    })) as Confirmation[];
    for (const confirmation of claimed) {
      try {
        await sendWithResend(ctx, resend, buildConfirmationEmail(confirmation, sender));
      } catch (error) {
        // The address may be sent one again at once.
        await callDatabaseFunction(ctx, database, "release_newsletter_confirmation", { address });
        console.error("newsletter: the confirmation e-mail failed", error);
      }
    }
  } catch (error) {
    console.error("newsletter: the confirmation could not be prepared", error);
  }
}

async function sendConfirmation(
  req: Request,
  ctx: FunctionContext,
  body: RequestBody,
): Promise<Response> {
  authoriseSiteCaller(req, ctx.env);
  const address = readAddress(await body.json());
  const database = readDatabase(ctx);
  const mailing = {
    database,
    resend: readResendAccount(ctx.env),
    sender: readNewsletterSender(ctx.env, database.url),
  };
  ctx.waitUntil(confirmAddress(ctx, address, mailing));
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
  answerPost(req, "newsletter", MAX_BODY_BYTES, (body) => {
    const url = new URL(req.url);
    const route = url.pathname.replace(/^.*\/newsletter/, "");
    if (route === "/confirmation") return sendConfirmation(req, ctx, body);
    if (route === "/unsubscribe") return unsubscribeInOneClick(url, ctx);
    throw new HttpError(404, "Unknown route.");
  });

export default handler;
