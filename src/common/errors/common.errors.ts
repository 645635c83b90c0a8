import type { CommonErrorCode } from './error-code.js';
import { DomainError, type ErrorKind } from './domain-error.js';

const error = (code: CommonErrorCode, kind: ErrorKind, message: string, details?: Record<string, unknown>) => new DomainError(code, kind, message, details);

/** Errors of src/common: sign-in (also used by the modules' own guards), idempotency keys, photo storage. */
export const CommonErrors = {
  invalidToken: () => error('AUTH.INVALID_TOKEN', 'UNAUTHENTICATED', 'Please login again'),
  revoked: () => error('AUTH.REVOKED', 'UNAUTHENTICATED', 'Please login again'),
  forbidden: () => error('AUTH.FORBIDDEN', 'FORBIDDEN', 'Access denied'),
  authUnavailable: () => error('AUTH.UNAVAILABLE', 'UNAVAILABLE', 'Sign-in is temporarily unavailable. Please try again shortly.'),
  idempotencyKeyInvalid: (message: string) => error('IDEMPOTENCY.INVALID_KEY', 'INVALID', message),
  idempotencyUnavailable: () => error('IDEMPOTENCY.UNAVAILABLE', 'UNAVAILABLE', 'Service temporarily unavailable. Please try again shortly.'),
  /** The store could not be reached or refused the request: the caller answers 503 and changes nothing. */
  storageUnavailable: (cause: unknown) =>
    error('STORAGE.UNAVAILABLE', 'UNAVAILABLE', 'Photo storage is unavailable. Please try again shortly.', {
      cause: cause instanceof Error ? cause.message : String(cause),
    }),
};
