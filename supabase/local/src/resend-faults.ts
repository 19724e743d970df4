// What the local Resend endpoints can be told to do wrong, for tests of the senders' retries:
// an outage (every message refused with one status), Resend's rate limit per API key (429
// rate_limit_exceeded with the ratelimit-* and retry-after headers Resend sends), random 429s
// and 500s before anything is stored, and lost responses: the request is stored and delivered,
// then answered 500, as when the answer never reaches the client, so only the Idempotency-Key
// keeps its retry from sending twice. A seed makes the random choices the same on every run.

export interface FaultSettings {
  /** Resend's rate limit: requests per second per API key. */
  requestsPerSecond?: number;
  /** The share of requests answered 500 before anything is stored (0 to 1). */
  serverErrorRate?: number;
  /** The share of requests answered 429 at random (0 to 1). */
  rateLimitRate?: number;
  /** The share of requests stored, then answered 500 (0 to 1). */
  lostResponseRate?: number;
  /** Seeds the random choices. */
  seed?: number;
}

/** A refusal in Resend's terms. */
export interface ResendRefusalFields {
  status: number;
  name: string;
  message: string;
}

/** What the faults decided for one request. */
export interface Admission {
  /** Resend's rate-limit headers, on every answer while a limit is set. */
  headers: Record<string, string>;
  /** Answer this instead of serving the request. */
  refusal?: ResendRefusalFields;
  /** Serve and store the request, then answer 500 as if the answer were lost. */
  loseResponse: boolean;
}

/** Resend's default team limit, named in the headers of a random 429 when no limit is set. */
const DEFAULT_REQUESTS_PER_SECOND = 2;
const WINDOW_MS = 1000;

export const serverError = (): ResendRefusalFields => ({
  status: 500,
  name: "internal_server_error",
  message: "An unexpected error occurred.",
});

const rateLimitExceeded = (limit: number): ResendRefusalFields => ({
  status: 429,
  name: "rate_limit_exceeded",
  message: `Too many requests. You can only make ${limit} requests per second. See rate limit response headers for more information. Or contact support to increase rate limit.`,
});

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const RATES = ["serverErrorRate", "rateLimitRate", "lostResponseRate"] as const;

/** The settings in a PUT body, or what is wrong with them. */
export function readFaultSettings(body: unknown): FaultSettings | string {
  const usage =
    'The body must be {"requestsPerSecond"?: a whole number from 1, "serverErrorRate"?, "rateLimitRate"?, "lostResponseRate"?: 0 to 1, "seed"?: a whole number}';
  if (typeof body !== "object" || body === null || Array.isArray(body)) return usage;
  const input = body as Record<string, unknown>;
  const known = new Set<string>(["requestsPerSecond", "seed", ...RATES]);
  if (Object.keys(input).some((name) => !known.has(name))) return usage;
  const { requestsPerSecond, seed } = input;
  if (
    requestsPerSecond !== undefined &&
    !(Number.isInteger(requestsPerSecond) && (requestsPerSecond as number) >= 1)
  ) {
    return usage;
  }
  if (seed !== undefined && !Number.isSafeInteger(seed)) return usage;
  for (const rate of RATES) {
    const value = input[rate];
    if (value !== undefined && !(typeof value === "number" && value >= 0 && value <= 1)) {
      return usage;
    }
  }
  return input as FaultSettings;
}

export class ResendFaults {
  /** While set, every message is refused with this status (an outage). */
  outageStatus: number | null = null;
  private settings: FaultSettings = {};
  private random = seededRandom(0);
  /** The current one-second window of each API key: when it began and the requests in it. */
  private readonly windows = new Map<string, { startedAt: number; requests: number }>();

  configure(settings: FaultSettings): void {
    this.settings = settings;
    this.random = seededRandom(settings.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.windows.clear();
  }

  /** Back to a provider that never fails (the outage switch is apart). */
  reset(): void {
    this.configure({});
  }

  /** Decides the fate of one request made with `apiKey`, before it is read. */
  admit(apiKey: string, now = Date.now()): Admission {
    if (this.outageStatus !== null) {
      return {
        headers: {},
        refusal: {
          status: this.outageStatus,
          name: "internal_server_error",
          message: "Local outage.",
        },
        loseResponse: false,
      };
    }
    const limit = this.settings.requestsPerSecond;
    let headers: Record<string, string> = {};
    if (limit !== undefined) {
      let window = this.windows.get(apiKey);
      if (!window || now - window.startedAt >= WINDOW_MS) {
        window = { startedAt: now, requests: 0 };
        this.windows.set(apiKey, window);
      }
      const reset = String(Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000)));
      if (window.requests >= limit) {
        return {
          headers: rateLimitHeaders(limit, 0, reset, true),
          refusal: rateLimitExceeded(limit),
          loseResponse: false,
        };
      }
      window.requests += 1;
      headers = rateLimitHeaders(limit, limit - window.requests, reset, false);
    }
    // Three draws for every request, whichever rates are set, so a seed replays the same run.
    const [rateLimited, failed, lost] = [this.random(), this.random(), this.random()];
    if (rateLimited < (this.settings.rateLimitRate ?? 0)) {
      const named = limit ?? DEFAULT_REQUESTS_PER_SECOND;
      return {
        headers: rateLimitHeaders(named, 0, "1", true),
        refusal: rateLimitExceeded(named),
        loseResponse: false,
      };
    }
    if (failed < (this.settings.serverErrorRate ?? 0)) {
      return { headers, refusal: serverError(), loseResponse: false };
    }
    return { headers, loseResponse: lost < (this.settings.lostResponseRate ?? 0) };
  }
}

function rateLimitHeaders(
  limit: number,
  remaining: number,
  reset: string,
  refused: boolean,
): Record<string, string> {
  return {
    "ratelimit-limit": String(limit),
    "ratelimit-remaining": String(remaining),
    "ratelimit-reset": reset,
    ...(refused ? { "retry-after": reset } : {}),
  };
}
