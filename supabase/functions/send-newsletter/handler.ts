// send-newsletter: posts e-mailed to the newsletter's subscribers. Three routes:
//   POST /send-newsletter           The schedule (Supabase Cron on hosted, the local stack's
//     scheduler), with a secret key: renders each due send's e-mail once and has the database
//     write its recipients and batches down (start_newsletter_send), then sends the batches
//     that are due (delivery.ts) until its time is up. Answers {"batches", "emails"}.
//   POST /send-newsletter/preview   A staff member who may send newsletters, with their token:
//     the e-mail of the post they are editing, {"subject", "preheader", "html", "text"}.
//   POST /send-newsletter/test      The same e-mail, "[Test] " before its subject, to the
//     caller's own address (at most 10 an hour, the database's limit). Answers {"to"}.
// verify_jwt is off for it (supabase/config.toml): the schedule's secret key is not a JWT, and
// staff tokens are checked by the database itself.
import { callDatabaseFunction, readDatabase } from "../_shared/database.ts";
import { readResendAccount, sendWithResend } from "../_shared/email.ts";
import { answerPost, jsonResponse } from "../_shared/http.ts";
import { MiB, type RequestBody } from "../_shared/request-body.ts";
import { HttpError } from "../_shared/http-error.ts";
import { authoriseServerCaller } from "../_shared/keys.ts";
import { readNewsletterSender, type NewsletterSender } from "../_shared/newsletter-sender.ts";
import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";
import { deliverBatches } from "./delivery.ts";
import { renderNewsletterEmail } from "./newsletter-email.tsx";
import { StaffError, staffErrorAnswer } from "../_shared/staff-api.ts";
import { readNewsletterRequest, readPost, type NewsletterRequest } from "./newsletter-request.ts";
import { recipientEmail } from "./recipient-email.ts";
import { requireNewsletterSender, staffCaller } from "./staff-caller.ts";

/** Resend's default limit for a team: 2 requests a second. */
const DEFAULT_REQUESTS_PER_SECOND = 2;
/** A scheduled run's sending time; the next run goes on. */
const DEFAULT_RUN_SECONDS = 45;
/** Stands for a recipient's token in a preview or a test e-mail: a link no subscriber owns. */
const SAMPLE_TOKEN = "preview";
const TEST_SUBJECT_PREFIX = "[Test] ";

interface DueSend {
  send_id: string;
  subject: string;
  preheader: string;
  post: unknown;
}

function positiveSetting(ctx: FunctionContext, name: string, fallback: number): number {
  const value = Number(ctx.env.get(name)?.trim() || fallback);
  if (!Number.isFinite(value) || value <= 0) {
    throw new HttpError(500, `${name} must be a positive number.`);
  }
  return value;
}

async function runSchedule(req: Request, ctx: FunctionContext): Promise<Response> {
  authoriseServerCaller(req, ctx.env);
  const database = readDatabase(ctx);
  const sender = readNewsletterSender(ctx.env, database.url);
  const resend = readResendAccount(ctx.env);
  const requestsPerSecond = positiveSetting(
    ctx,
    "NEWSLETTER_REQUESTS_PER_SECOND",
    DEFAULT_REQUESTS_PER_SECOND,
  );
  const deadline =
    Date.now() + positiveSetting(ctx, "NEWSLETTER_RUN_SECONDS", DEFAULT_RUN_SECONDS) * 1000;

  const due = (await callDatabaseFunction(ctx, database, "due_newsletter_sends")) as DueSend[];
  for (const send of due) {
    try {
      const rendered = await renderNewsletterEmail({
        post: readPost(send.post),
        preheader: send.preheader,
        siteUrl: sender.siteUrl,
      });
      await callDatabaseFunction(ctx, database, "start_newsletter_send", {
        send_id: send.send_id,
        from_address: sender.from,
        html: rendered.html,
        text_body: rendered.text,
      });
    } catch (error) {
      // The send stays scheduled; the next run tries it again, and the others go on.
      console.error(`send-newsletter: send ${send.send_id} could not start`, error);
    }
  }
  const delivered = await deliverBatches({
    ctx,
    database,
    resend,
    projectUrl: database.url,
    requestsPerSecond,
    deadline,
  });
  return jsonResponse(200, delivered);
}

/** The e-mail of the caller's request as one recipient would get it, with a sample token. */
async function sampleEmail(request: NewsletterRequest, sender: NewsletterSender, to: string) {
  const rendered = await renderNewsletterEmail({
    post: request.post,
    preheader: request.preheader,
    siteUrl: sender.siteUrl,
  });
  return recipientEmail(
    { from: sender.from, subject: request.subject, ...rendered },
    { email: to, token: SAMPLE_TOKEN },
    sender.projectUrl,
  );
}

/** The caller, once the database has said they may send newsletters, and their request. */
async function staffRequest(req: Request, ctx: FunctionContext, body: RequestBody) {
  const database = readDatabase(ctx);
  const caller = staffCaller(req, ctx, database.url);
  await requireNewsletterSender(caller);
  const request = readNewsletterRequest(await body.json());
  return { caller, request, sender: readNewsletterSender(ctx.env, database.url) };
}

async function preview(req: Request, ctx: FunctionContext, body: RequestBody): Promise<Response> {
  const { request, sender } = await staffRequest(req, ctx, body);
  const email = await sampleEmail(request, sender, "");
  return jsonResponse(200, {
    subject: email.subject,
    preheader: request.preheader,
    html: email.html,
    text: email.text,
  });
}

async function sendTest(req: Request, ctx: FunctionContext, body: RequestBody): Promise<Response> {
  const { caller, request, sender } = await staffRequest(req, ctx, body);
  const resend = readResendAccount(ctx.env);
  const claimed = await caller("claim_newsletter_test_email");
  if ((claimed.body as { code?: unknown } | null)?.code === "PT429") {
    throw new StaffError(429, "too_many_tests", "Too many test e-mails. Please try again later.");
  }
  if (claimed.status !== 200 || typeof claimed.body !== "string" || !claimed.body) {
    throw new StaffError(502, "unavailable", "Could not find your e-mail address.");
  }
  const to = claimed.body;
  const email = await sampleEmail(
    { ...request, subject: `${TEST_SUBJECT_PREFIX}${request.subject}` },
    sender,
    to,
  );
  await sendWithResend(ctx, resend, email);
  return jsonResponse(200, { to });
}

/**
 * A preview or a test carries the post as the editor holds it: its HTML (blog_posts allows
 * 200,000 characters), JSON-escaped, with the subject and the preheader.
 */
const MAX_BODY_BYTES = 2 * MiB;

type Route = (req: Request, ctx: FunctionContext, body: RequestBody) => Promise<Response>;

const ROUTES: Record<string, Route> = {
  "": runSchedule,
  "/preview": preview,
  "/test": sendTest,
};

const handler: FunctionHandler = (req, ctx) =>
  answerPost(req, "send-newsletter", MAX_BODY_BYTES, async (body) => {
    const route =
      ROUTES[new URL(req.url).pathname.replace(/^.*\/send-newsletter/, "").replace(/\/$/, "")];
    try {
      if (!route) throw new StaffError(404, "not_found", "Unknown route.");
      return await route(req, ctx, body);
    } catch (error) {
      if (error instanceof HttpError) return staffErrorAnswer(error);
      throw error;
    }
  });

export default handler;
