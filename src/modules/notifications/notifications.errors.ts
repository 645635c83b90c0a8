import { DomainError } from '../../common/errors/domain-error.js';

/** The notifications module's errors (the wallet's codes before the module owned /wallet/notifications' data). */
export const NotificationsErrors = {
  notFound: () => new DomainError('NOTIFICATIONS.NOT_FOUND', 'NOT_FOUND', 'Notification not found'),
  invalidQuery: (message: string) => new DomainError('NOTIFICATIONS.INVALID_QUERY', 'INVALID', message),
};
