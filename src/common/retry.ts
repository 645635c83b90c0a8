/** How `retry` runs a piece of work again. */
export interface RetryOptions {
  /** tries in all, the first included */
  attempts: number;
  /** whether this failure may pass on another try (anything else is thrown at once) */
  retryable: (e: unknown) => boolean;
  /** milliseconds to wait after failed try number `attempt` (0: at once) */
  delay: (attempt: number, e: unknown) => number;
  /** told of each failure that is about to be retried (a log line) */
  onRetry?: (e: unknown, attempt: number) => void;
}

/** Runs `work` until it succeeds, a failure is not retryable, or the attempts are spent (then the last failure is thrown). */
export async function retry<T>(work: () => Promise<T>, o: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (attempt >= o.attempts || !o.retryable(e)) throw e;
      o.onRetry?.(e, attempt);
      const ms = o.delay(attempt, e);
      if (ms > 0) await new Promise<void>((r) => setTimeout(r, ms));
    }
  }
}

/** A random wait of up to `ms` milliseconds (jitter, so clashing writers do not meet again). */
export const upTo = (ms: number): number => Math.random() * ms;
