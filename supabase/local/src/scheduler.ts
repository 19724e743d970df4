// The local stand-in for Supabase Cron: calls functions on a fixed period with the secret key,
// as a cron job with pg_net does on hosted Supabase. A call runs only after the previous one
// ended, and a failure is logged once until the next success, not on every tick.

export interface FunctionSchedule {
  functionName: string;
  everyMs: number;
}

export interface SchedulerOptions {
  stackUrl: string;
  secretKey: string;
  schedules: FunctionSchedule[];
  log: (line: string) => void;
}

/** Starts every schedule; the returned function stops them and waits for calls in flight. */
export function startScheduler(options: SchedulerOptions): () => Promise<void> {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();

  const runForever = (schedule: FunctionSchedule) => {
    let lastFailure = "";
    const call = async () => {
      try {
        const response = await fetch(`${options.stackUrl}/functions/v1/${schedule.functionName}`, {
          method: "POST",
          headers: { apikey: options.secretKey, "Content-Type": "application/json" },
          body: "{}",
        });
        const body = await response.text();
        if (response.ok) lastFailure = "";
        else throw new Error(`${response.status} ${body}`);
      } catch (error) {
        const failure = error instanceof Error ? error.message : String(error);
        if (failure !== lastFailure && !stopped) {
          options.log(`schedule ${schedule.functionName}: ${failure}`);
        }
        lastFailure = failure;
      }
    };
    const tick = () => {
      if (stopped) return;
      const running = call().finally(() => {
        inFlight.delete(running);
        if (!stopped) setTimeout(tick, schedule.everyMs).unref();
      });
      inFlight.add(running);
    };
    setTimeout(tick, schedule.everyMs).unref();
  };

  options.schedules.forEach(runForever);
  return async () => {
    stopped = true;
    await Promise.all(inFlight);
  };
}
