import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type CalendarErrorCode = 'CALENDAR.NOT_FOUND';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    calendar: CalendarErrorCode;
  }
}

const error = (code: CalendarErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

/** The calendar feed's errors: an unknown or malformed feed address reads as any missing resource. */
export const CalendarErrors = {
  notFound: () => error('CALENDAR.NOT_FOUND', 'NOT_FOUND', 'Resource not found'),
};
