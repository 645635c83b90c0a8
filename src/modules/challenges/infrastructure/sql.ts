/** TypeORM's postgres query() answers UPDATE … RETURNING with [rows, count] and SELECT with rows: take the rows either way. */
export function returnedRows<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return (Array.isArray(result) ? result : []) as T[];
}

export function affectedIds(result: unknown): string[] {
  return returnedRows<{ id: string }>(result).map((r) => r.id);
}

export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } };
  return err?.code === '23505' || err?.driverError?.code === '23505';
}

/** A clash with a concurrent writer that the whole transaction may simply be run again for. */
export function isRetryable(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } };
  // The wallet's contract: inside a caller's transaction a version clash surfaces as LEDGER.CONCURRENT_UPDATE.
  if (err?.code === 'LEDGER.CONCURRENT_UPDATE') return true;
  const pg = err?.driverError?.code ?? err?.code;
  return pg === '40001' || pg === '40P01';
}

/** Runs `work` in a transaction, again (a few times, with jitter) when it clashed with a concurrent writer. */
export async function retryingTransaction<T>(run: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= attempts || !isRetryable(e)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(5 * 2 ** attempt, 100)));
    }
  }
}
