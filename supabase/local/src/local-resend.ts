// POST /__local/resend/emails: Resend's send-email endpoint, as far as the functions use it.
// Locally a function's RESEND_API_URL points here and its RESEND_API_KEY is a local key that
// names it (see function-env.ts), so the production code path runs and the mail lands in the
// outbox instead of leaving the machine. Errors have Resend's shape and statuses. Like Resend,
// it honours an Idempotency-Key for 24 hours: the same key and payload again is answered with
// the first message's id and not delivered twice; the same key with another payload is 409
// invalid_idempotent_request. Tests can play an outage (the outbox's outageStatus).
import { createHash } from "node:crypto";
import type { FunctionRunner } from "./functions.ts";
import type { Outbox, OutboxMail } from "./outbox.ts";

class ResendRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new ResendRefusal(422, "validation_error", message);
const isString = (value: unknown): value is string => typeof value === "string";

/** One address or a list of them, as Resend takes `to` and `reply_to`. */
function addresses(value: unknown, field: string, max: number): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > max || !list.every((item) => isString(item) && item)) {
    throw invalid(`Invalid \`${field}\` field: one to ${max} e-mail addresses are expected.`);
  }
  return list as string[];
}

function readMail(body: unknown): OutboxMail {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw invalid("The request body must be a JSON object.");
  }
  const input = body as Record<string, unknown>;
  for (const field of ["from", "to", "subject"]) {
    if (input[field] === undefined || input[field] === null) {
      throw new ResendRefusal(422, "missing_required_field", `Missing \`${field}\` field.`);
    }
  }
  if (input.html === undefined && input.text === undefined) {
    throw new ResendRefusal(422, "missing_required_field", "Missing `html` or `text` field.");
  }
  for (const field of ["from", "subject", "html", "text"]) {
    if (input[field] !== undefined && !isString(input[field])) {
      throw invalid(`Invalid \`${field}\` field: a string is expected.`);
    }
  }
  const headers = input.headers;
  if (
    headers !== undefined &&
    (typeof headers !== "object" || headers === null || !Object.values(headers).every(isString))
  ) {
    throw invalid("Invalid `headers` field: an object of strings is expected.");
  }
  const replyTo = input.reply_to === undefined ? [] : addresses(input.reply_to, "reply_to", 50);
  return {
    from: input.from as string,
    to: addresses(input.to, "to", 50),
    subject: input.subject as string,
    html: input.html as string | undefined,
    text: input.text as string | undefined,
    replyTo: replyTo.length > 0 ? replyTo.join(", ") : undefined,
    headers: headers as Record<string, string> | undefined,
  };
}

const IDEMPOTENCY_KEY_MAX_LENGTH = 256;

function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new ResendRefusal(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
  }
  return key;
}

async function acceptMail(request: Request, functions: FunctionRunner, outbox: Outbox) {
  const apiKey = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!apiKey) {
    throw new ResendRefusal(401, "missing_api_key", "Missing API key in the authorization header.");
  }
  const sender = functions.resendSender(apiKey);
  if (!sender) throw new ResendRefusal(403, "invalid_api_key", "API key is invalid.");
  if (outbox.outageStatus !== null) {
    throw new ResendRefusal(outbox.outageStatus, "internal_server_error", "Local outage.");
  }
  const key = readIdempotencyKey(request);
  const payload = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    throw invalid("The request body must be valid JSON.");
  }
  const mail = readMail(body);
  if (key === undefined) return outbox.add(mail, sender, request.headers.get("user-agent"));
  const payloadDigest = createHash("sha256").update(payload).digest("hex");
  const earlier = outbox.findByIdempotencyKey(key);
  if (earlier) {
    if (earlier.payloadDigest === payloadDigest) {
      outbox.countRepeat(earlier);
      return earlier;
    }
    throw new ResendRefusal(
      409,
      "invalid_idempotent_request",
      "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
    );
  }
  return outbox.add(mail, sender, request.headers.get("user-agent"), { key, payloadDigest });
}

export async function receiveResendEmail(
  request: Request,
  functions: FunctionRunner,
  outbox: Outbox,
): Promise<Response> {
  try {
    const entry = await acceptMail(request, functions, outbox);
    return Response.json({ id: String(entry.id) });
  } catch (error) {
    if (!(error instanceof ResendRefusal)) throw error;
    return Response.json(
      { statusCode: error.status, name: error.code, message: error.message },
      { status: error.status },
    );
  }
}
