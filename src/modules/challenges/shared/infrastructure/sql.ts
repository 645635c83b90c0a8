import { isConcurrencyClash } from '../../../../common/pg-error.js';
import { retry, upTo } from '../../../../common/retry.js';

/** TypeORM's postgres query() answers UPDATE … RETURNING with [rows, count] and SELECT with rows: take the rows either way. */
export function returnedRows<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return (Array.isArray(result) ? result : []) as T[];
}

export function affectedIds(result: unknown): string[] {
  return returnedRows<{ id: string }>(result).map((r) => r.id);
}

export { isUniqueViolation } from '../../../../common/pg-error.js';

/** A clash with a concurrent writer that the whole transaction may simply be run again for. */
export function isRetryable(e: unknown): boolean {
  // The wallet's contract: inside a caller's transaction a version clash surfaces as LEDGER.CONCURRENT_UPDATE.
  if ((e as { code?: string } | null)?.code === 'LEDGER.CONCURRENT_UPDATE') return true;
  return isConcurrencyClash(e);
}

/** Runs `work` in a transaction, again (a few times, with jitter) when it clashed with a concurrent writer. */
export function retryingTransaction<T>(run: () => Promise<T>, attempts = 8): Promise<T> {
  return retry(run, { attempts, retryable: isRetryable, delay: (attempt) => upTo(Math.min(5 * 2 ** attempt, 100)) });
}
