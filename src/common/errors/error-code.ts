/**
 * Every error code the server can answer with. common imports no module, so each module adds its own union here by
 * declaration merging in its `<module>.errors.ts`:
 *   declare module '../../common/errors/error-code.js' { interface ErrorCodes { wallet: WalletErrorCode } }
 */
export interface ErrorCodes {
  common: CommonErrorCode;
}

export type ErrorCode = ErrorCodes[keyof ErrorCodes];

/** Codes of src/common (sign-in, idempotency, photo storage): see common.errors.ts. */
export type CommonErrorCode =
  | 'AUTH.INVALID_TOKEN'
  | 'AUTH.REVOKED'
  | 'AUTH.FORBIDDEN'
  | 'AUTH.UNAVAILABLE'
  | 'IDEMPOTENCY.INVALID_KEY'
  | 'IDEMPOTENCY.UNAVAILABLE'
  | 'STORAGE.UNAVAILABLE';
