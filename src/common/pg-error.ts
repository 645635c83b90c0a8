/** The PostgreSQL error codes (SQLSTATE) the app answers differently. */
export const PG = {
  UNIQUE_VIOLATION: '23505',
  CHECK_VIOLATION: '23514',
  SERIALIZATION_FAILURE: '40001',
  DEADLOCK_DETECTED: '40P01',
  INSUFFICIENT_PRIVILEGE: '42501',
  INVALID_PARAMETER_VALUE: '22023',
} as const;

/**
 * The SQLSTATE code and constraint of a database error, whether pg's own error or TypeORM's QueryFailedError around it
 * (which also carries them as `driverError`). A domain error's own `code` comes back as the code.
 */
export function pgError(e: unknown): { code?: string; constraint?: string } {
  const x = e as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null | undefined;
  return { code: x?.code ?? x?.driverError?.code, constraint: x?.constraint ?? x?.driverError?.constraint };
}

/** A unique index refused the row; with `constraints`, only one of those. */
export function isUniqueViolation(e: unknown, constraints?: readonly string[]): boolean {
  const { code, constraint } = pgError(e);
  return code === PG.UNIQUE_VIOLATION && (!constraints || constraints.includes(constraint ?? ''));
}

/** A serialization failure or a deadlock: the whole transaction may simply be run again. */
export function isConcurrencyClash(e: unknown): boolean {
  const { code } = pgError(e);
  return code === PG.SERIALIZATION_FAILURE || code === PG.DEADLOCK_DETECTED;
}
