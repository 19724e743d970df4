// The sign-in limit as Supabase Auth applies it: attempts per client address in a sliding
// window, never per account (a stranger cannot lock anyone out). An attempt is taken when the
// request arrives, before any password work, so a burst of concurrent guesses is cut off at the
// limit; a successful sign-in gives its attempt back.

export interface RateLimitOptions {
  /** Sign-in attempts allowed per client address within the window. */
  maxAttempts?: number;
  windowMs?: number;
}

/** [auth.rate_limit] sign_in_sign_ups counts per 5 minutes. */
export const SIGN_IN_WINDOW_MS = 5 * 60_000;

/** Past this many addresses, forgotten windows are swept so the map cannot grow without end. */
const SWEEP_THRESHOLD = 1000;

export class SignInLimiter {
  private readonly attempts = new Map<string, number[]>();
  private readonly windowMs: number;

  constructor(
    private readonly maxAttempts: number,
    windowMs = SIGN_IN_WINDOW_MS,
  ) {
    this.windowMs = windowMs;
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
