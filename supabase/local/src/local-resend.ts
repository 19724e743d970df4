// POST /__local/resend/emails and /__local/resend/emails/batch: Resend's send-email and batch
// endpoints, as far as the functions use them. Locally a function's RESEND_API_URL points here
// and its RESEND_API_KEY is a local key that names it (see function-env.ts), so the production
// code path runs and the mail lands in the outbox instead of leaving the machine. Errors have
// Resend's shape and statuses.
// A batch is 1 to 100 e-mails, each checked as the single endpoint checks one; with
// `x-batch-validation: strict` (the default) one invalid e-mail refuses the whole batch, with
// `permissive` the valid ones are sent and the others listed in `errors` by index. All the
// e-mails a request sends are filed in one outbox write.
// Like Resend, both honour an Idempotency-Key for 24 hours: the same key and payload again is
// answered as the first time and not delivered twice; the same key with another payload is 409
// invalid_idempotent_request. Tests can make them fail (resend-faults.ts), and messages to
// Resend's test addresses produce their webhook events (resend-webhooks.ts).
import { createHash } from "node:crypto";
import type { FunctionRunner } from "./functions.ts";
import type { BatchError, OutboxEntry, OutboxMail, Outbox } from "./outbox.ts";
import { ResendFaults, serverError, type ResendRefusalFields } from "./resend-faults.ts";
import type { ResendWebhooks } from "./resend-webhooks.ts";

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

const BATCH_MAX = 100;

/** The e-mails of a batch to send, and in permissive mode the ones refused. */
function readBatch(
  body: unknown,
  permissive: boolean,
): { mails: OutboxMail[]; errors: BatchError[] } {
  if (!Array.isArray(body)) throw invalid("The request body must be a JSON array of e-mails.");
  if (body.length === 0 || body.length > BATCH_MAX) {
    throw invalid(`A batch holds one to ${BATCH_MAX} e-mails; this one has ${body.length}.`);
  }
  const mails: OutboxMail[] = [];
  const errors: BatchError[] = [];
  body.forEach((item, index) => {
    try {
      mails.push(readMail(item));
    } catch (error) {
      if (!(error instanceof ResendRefusal) || !permissive) throw error;
      errors.push({ index, message: error.message });
    }
  });
  return { mails, errors };
}

function readBatchValidation(request: Request): boolean {
  const mode = request.headers.get("x-batch-validation") ?? "strict";
  if (mode !== "strict" && mode !== "permissive") {
    throw invalid("Invalid `x-batch-validation` header: `strict` or `permissive` is expected.");
  }
  return mode === "permissive";
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

function readApiKey(request: Request): string {
  const apiKey = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!apiKey) {
    throw new ResendRefusal(401, "missing_api_key", "Missing API key in the authorization header.");
  }
  return apiKey;
}

type Endpoint = "emails" | "emails/batch";

/** What a request sends: the e-mails, the ones a permissive batch refused, and how to answer. */
interface Order {
  mails: OutboxMail[];
  errors: BatchError[];
  answer: (entries: OutboxEntry[], errors: BatchError[]) => unknown;
}

const refusalResponse = (refusal: ResendRefusalFields, headers: Record<string, string>) =>
  Response.json(
    { statusCode: refusal.status, name: refusal.name, message: refusal.message },
    { status: refusal.status, headers },
  );

export class LocalResend {
  readonly faults = new ResendFaults();

  constructor(
    private readonly functions: FunctionRunner,
    private readonly outbox: Outbox,
    readonly webhooks: ResendWebhooks,
  ) {}

  /** POST /emails: one e-mail, answered `{id}`. */
  receiveEmail(request: Request): Promise<Response> {
    return this.receive(request, "emails", (body) => ({
      mails: [readMail(body)],
      errors: [],
      answer: ([entry]) => ({ id: String(entry!.id) }),
    }));
  }

  /** POST /emails/batch: up to 100 e-mails, answered `{data: [{id}], errors?}`. */
  receiveBatch(request: Request): Promise<Response> {
    return this.receive(request, "emails/batch", (body) => {
      const permissive = readBatchValidation(request);
      return {
        ...readBatch(body, permissive),
        answer: (entries, errors) => ({
          data: entries.map((entry) => ({ id: String(entry.id) })),
          ...(permissive ? { errors } : {}),
        }),
      };
    });
  }

  private async receive(
    request: Request,
    endpoint: Endpoint,
    readOrder: (body: unknown) => Order,
  ): Promise<Response> {
    let headers: Record<string, string> = {};
    try {
      const apiKey = readApiKey(request);
      const sender = this.functions.resendSender(apiKey);
      if (!sender) throw new ResendRefusal(403, "invalid_api_key", "API key is invalid.");
      const admission = this.faults.admit(apiKey);
      headers = admission.headers;
      if (admission.refusal) return refusalResponse(admission.refusal, headers);
      const key = readIdempotencyKey(request);
      const batchValidation = request.headers.get("x-batch-validation") ?? "";
      const payload = await request.text();
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        throw invalid("The request body must be valid JSON.");
      }
      const order = readOrder(body);
      const from = { function: sender, sentBy: request.headers.get("user-agent") };
      let answer: unknown;
      if (key === undefined) {
        const entries = this.outbox.accept(order.mails, from);
        this.webhooks.afterAccepted(entries);
        answer = order.answer(entries, order.errors);
      } else {
        // The endpoint and the validation mode are part of what the key stands for.
        const payloadDigest = createHash("sha256")
          .update(`${endpoint}\n${batchValidation}\n${payload}`)
          .digest("hex");
        const earlier = this.outbox.findRequest(key);
        if (earlier && earlier.payloadDigest !== payloadDigest) {
          throw new ResendRefusal(
            409,
            "invalid_idempotent_request",
            "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
          );
        }
        if (earlier) {
          this.outbox.countRepeat(earlier);
          answer = order.answer(earlier.entries, earlier.errors ?? []);
        } else {
          const errors = order.errors.length > 0 ? { errors: order.errors } : {};
          const entries = this.outbox.accept(order.mails, from, { key, payloadDigest, ...errors });
          this.webhooks.afterAccepted(entries);
          answer = order.answer(entries, order.errors);
        }
      }
      if (admission.loseResponse) return refusalResponse(serverError(), headers);
      return Response.json(answer, { headers });
    } catch (error) {
      if (!(error instanceof ResendRefusal)) throw error;
      return refusalResponse(
        { status: error.status, name: error.code, message: error.message },
        headers,
      );
    }
  }
}
