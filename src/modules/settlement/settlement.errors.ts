import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type SettlementErrorCode = 'SETTLEMENT.INVALID_DATE' | 'SETTLEMENT.BUSY' | 'SETTLEMENT.NOT_FOUND' | 'SETTLEMENT.PLAN_CONFLICT';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    settlement: SettlementErrorCode;
  }
}

const error = (code: SettlementErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

export const SettlementErrors = {
  invalidDate: (value: string) => error('SETTLEMENT.INVALID_DATE', 'INVALID', `date must be a calendar date as YYYY-MM-DD (got "${value}")`),
  busy: (date: string) => error('SETTLEMENT.BUSY', 'CONFLICT', `The settlement of ${date} is already running`),
  notFound: (date: string) => error('SETTLEMENT.NOT_FOUND', 'NOT_FOUND', `No settlement of ${date} that you took part in`),
  planConflict: (date: string) => error('SETTLEMENT.PLAN_CONFLICT', 'CONFLICT', `A challenge of ${date} is already in another settlement batch`),
};
