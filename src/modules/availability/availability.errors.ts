import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type AvailabilityErrorCode = 'AVAILABILITY.INVALID' | 'AVAILABILITY.OUTAGE_NOT_FOUND';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    availability: AvailabilityErrorCode;
  }
}

const error = (code: AvailabilityErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

export const AvailabilityErrors = {
  invalid: (message: string) => error('AVAILABILITY.INVALID', 'INVALID', message),
  notFound: () => error('AVAILABILITY.OUTAGE_NOT_FOUND', 'NOT_FOUND', 'Outage not found'),
};
