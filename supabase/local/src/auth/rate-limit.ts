// Supabase Auth's limits per client address (GoTrue's api.go and apilimiter.go). Hosted Auth keeps
// one token bucket per route group and address: 30 requests at once (its fixed burst), refilled
// at the configured rate. Each is counted here as a sliding window of those 30 requests over the
// time the rate takes to refill them: the same first refusal (the 31st request of a burst) and
// never more admitted in any stretch of time. A request is counted when it arrives, before any
// work, so a concurrent burst is cut off at the limit; never per account, so a stranger cannot
// lock anyone out. Over a limit: 429 over_request_rate_limit.
import { createMiddleware } from "hono/factory";
import { clientAddress, type AppEnv } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import type { ProjectConfig } from "../project-config.ts";

export interface RateLimitOptions {
  /** Sign-in attempts allowed per client address within the window. */
  maxAttempts?: number;
  windowMs?: number;
}

/** [auth.rate_limit] counts per 5 minutes. */
export const RATE_LIMIT_WINDOW_MS = 5 * 60_000;

/** GoTrue's burst: every bucket holds 30 requests, whatever its rate. */
const HOSTED_BURST = 30;

/** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY (not in config.toml): per minute, per route. */
const MFA_REQUESTS_PER_MINUTE = 15;

/** Past this many addresses, forgotten windows are swept so the map cannot grow without end. */
const SWEEP_THRESHOLD = 1000;

/** Requests per key (a client address, or the whole project) in a sliding window. */
export class AddressLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly maxAttempts: number,
    private readonly windowMs: number,
  ) {}

  /** Hosted's bucket refilled at `events` per `windowMs`, as a sliding window (see above). */
  static hosted(events: number, windowMs = RATE_LIMIT_WINDOW_MS): AddressLimiter {
    return new AddressLimiter(HOSTED_BURST, Math.ceil((HOSTED_BURST * windowMs) / events));
  }

  private recent(address: string, now: number): number[] {
    const times = (this.attempts.get(address) ?? []).filter((time) => now - time < this.windowMs);
    if (times.length) this.attempts.set(address, times);
    else this.attempts.delete(address);
    return times;
  }

  /** Takes an attempt for `address`; false when it has none left in the window. */
  tryReserve(address: string): boolean {
    const now = Date.now();
    if (this.attempts.size > SWEEP_THRESHOLD) {
      for (const known of [...this.attempts.keys()]) this.recent(known, now);
    }
    const times = this.recent(address, now);
    if (times.length >= this.maxAttempts) return false;
    times.push(now);
    this.attempts.set(address, times);
    return true;
  }

  /** Gives back the newest attempt of `address` (it signed in). */
  giveBack(address: string): void {
    const times = this.attempts.get(address);
    times?.pop();
    if (times && times.length === 0) this.attempts.delete(address);
  }
}

/** One limiter per route group, as hosted Auth keeps one bucket per group. */
export interface AuthLimits {
  /** The password grant: [auth.rate_limit] sign_in_sign_ups, a success given back. */
  signIns: AddressLimiter;
  /** Every /token grant (password and refresh_token): token_refresh. */
  tokens: AddressLimiter;
  /** GET and POST /verify: token_verifications. */
  verifications: AddressLimiter;
  /** POST /recover: sign_in_sign_ups (GoTrue's RATE_LIMIT_OTP). */
  recoveries: AddressLimiter;
  /** PUT /user: sign_in_sign_ups, as /recover. */
  userUpdates: AddressLimiter;
  /** POST /factors/:id/challenge and /verify, each its own: 15 a minute. */
  factorChallenges: AddressLimiter;
  factorVerifications: AddressLimiter;
  /** Every e-mail Auth sends (invitations, resets), for the whole project: email_sent an hour. */
  emailsSent: AddressLimiter;
}

export function authLimits(config: ProjectConfig, signIns: RateLimitOptions = {}): AuthLimits {
  const { rateLimits } = config;
  return {
    signIns: new AddressLimiter(
      signIns.maxAttempts ?? rateLimits.signInsSignUps,
      signIns.windowMs ?? RATE_LIMIT_WINDOW_MS,
    ),
    tokens: AddressLimiter.hosted(rateLimits.tokenRefreshes),
    verifications: AddressLimiter.hosted(rateLimits.tokenVerifications),
    recoveries: AddressLimiter.hosted(rateLimits.signInsSignUps),
    userUpdates: AddressLimiter.hosted(rateLimits.signInsSignUps),
    factorChallenges: AddressLimiter.hosted(MFA_REQUESTS_PER_MINUTE, 60_000),
    factorVerifications: AddressLimiter.hosted(MFA_REQUESTS_PER_MINUTE, 60_000),
    emailsSent: new AddressLimiter(rateLimits.emailsSent, 60 * 60_000),
  };
}

/** The key of the project-wide count of Auth's e-mails (not an address). */
const WHOLE_PROJECT = "project";

/**
 * Takes one of the project's Auth e-mails for the hour, before the e-mail's token is stored, or
 * refuses as GoTrue does: 429 over_email_send_rate_limit.
 */
export function takeEmailSend(limits: AuthLimits): void {
  if (!limits.emailsSent.tryReserve(WHOLE_PROJECT)) {
    throw new AuthError(429, "over_email_send_rate_limit", "Email rate limit exceeded");
  }
}

export const overRequestRateLimit = () =>
  new AuthError(429, "over_request_rate_limit", "Request rate limit reached");

/** Hono middleware: the request takes an attempt of the limiter `pick` names, or gets 429. */
export const limitedBy = (pick: (limits: AuthLimits) => AddressLimiter) =>
  createMiddleware<AppEnv>(async (context, next) => {
    if (!pick(context.var.dependencies.authLimits).tryReserve(clientAddress(context))) {
      throw overRequestRateLimit();
    }
    await next();
  });
