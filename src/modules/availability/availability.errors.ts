import { DomainError } from '../../common/errors/domain-error.js';

export const AvailabilityErrors = {
  invalid: (message: string) => new DomainError('AVAILABILITY.INVALID', 'INVALID', message),
  notFound: () => new DomainError('AVAILABILITY.OUTAGE_NOT_FOUND', 'NOT_FOUND', 'Outage not found'),
};
