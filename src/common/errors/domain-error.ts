import type { ErrorCode } from './error-code.js';

/** How an error reaches a person: each kind maps to one HTTP status in the exception filter. */
export type ErrorKind = 'INVALID' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_LARGE' | 'RATE_LIMITED' | 'UNAVAILABLE';

/** A module's error: a code like WALLET.INSUFFICIENT_FUNDS, a kind, and a message a person can read. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly kind: ErrorKind,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function statusOf(kind: ErrorKind): number {
  switch (kind) {
    case 'INVALID':
      return 400;
    case 'UNAUTHENTICATED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'CONFLICT':
      // SPEC.md's client shows the server's message only for a 400: a conflict a person must act on is a 400.
      return 400;
    case 'TOO_LARGE':
      return 413;
    case 'RATE_LIMITED':
      return 429;
    case 'UNAVAILABLE':
      return 503;
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}
