import { DomainError } from '../../common/errors/domain-error.js';

export const SettlementErrors = {
  invalidDate: (value: string) => new DomainError('SETTLEMENT.INVALID_DATE', 'INVALID', `date must be a calendar date as YYYY-MM-DD (got "${value}")`),
  busy: (date: string) => new DomainError('SETTLEMENT.BUSY', 'CONFLICT', `The settlement of ${date} is already running`),
  notFound: (date: string) => new DomainError('SETTLEMENT.NOT_FOUND', 'NOT_FOUND', `No settlement of ${date} that you took part in`),
  planConflict: (date: string) => new DomainError('SETTLEMENT.PLAN_CONFLICT', 'CONFLICT', `A challenge of ${date} is already in another settlement batch`),
};
