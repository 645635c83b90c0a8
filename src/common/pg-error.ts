/**
 * The SQLSTATE code and constraint of a database error, whether pg's own error or TypeORM's QueryFailedError around it
 * (which also carries them as `driverError`). A domain error's own `code` comes back as the code.
 */
export function pgError(e: unknown): { code?: string; constraint?: string } {
  const x = e as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null | undefined;
  return { code: x?.code ?? x?.driverError?.code, constraint: x?.constraint ?? x?.driverError?.constraint };
}
