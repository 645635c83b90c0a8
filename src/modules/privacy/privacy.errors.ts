import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type PrivacyErrorCode = 'PRIVACY.INVALID_INPUT';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    privacy: PrivacyErrorCode;
  }
}

const error = (code: PrivacyErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

/** The privacy module's errors (the data export). */
export const PrivacyErrors = {
  invalidFormat: () => error('PRIVACY.INVALID_INPUT', 'INVALID', 'format must be one of json, csv'),
};
