// The sign-in rate limit: failed password sign-ins per e-mail address and per client address
// within a sliding window. A successful sign-in clears its e-mail's failures.

export interface RateLimitOptions {
  /** Failed sign-ins allowed per e-mail address within the window. */
  maxAttempts?: number;
  /** Failed sign-ins allowed per client address within the window. */
  maxAttemptsPerIp?: number;
  windowMs?: number;
}

/** Timestamps of failures per key, forgotten once older than the window. */
class FailureLog {
  private failures = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  count(key: string): number {
    return this.recent(key, Date.now()).length;
  }

  add(key: string): void {
    const now = Date.now();
    const times = this.recent(key, now);
    times.push(now);
    this.failures.set(key, times);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}

export class SignInLimiter {
  private readonly maxAttempts: number;
  private readonly maxAttemptsPerIp: number;
  private readonly failures: FailureLog;

  constructor(options: RateLimitOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? 10;
    this.maxAttemptsPerIp = options.maxAttemptsPerIp ?? 30;
    this.failures = new FailureLog(options.windowMs ?? 5 * 60_000);
  }

  isLimited(email: string, address: string): boolean {
    return (
      this.failures.count(`email:${email}`) >= this.maxAttempts ||
      this.failures.count(`ip:${address}`) >= this.maxAttemptsPerIp
    );
  }

  recordFailure(email: string, address: string): void {
    this.failures.add(`email:${email}`);
    this.failures.add(`ip:${address}`);
  }

  recordSuccess(email: string): void {
    this.failures.clear(`email:${email}`);
  }
}
