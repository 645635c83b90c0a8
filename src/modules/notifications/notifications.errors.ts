import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type NotificationsErrorCode = 'NOTIFICATIONS.NOT_FOUND' | 'NOTIFICATIONS.INVALID_QUERY' | 'NOTIFICATIONS.INVALID_INPUT' | 'NOTIFICATIONS.PUSH_OFF';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    notifications: NotificationsErrorCode;
  }
}

const error = (code: NotificationsErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

/** The notifications module's errors (the wallet's codes before the module owned /wallet/notifications' data). */
export const NotificationsErrors = {
  notFound: () => error('NOTIFICATIONS.NOT_FOUND', 'NOT_FOUND', 'Notification not found'),
  invalidQuery: (message: string) => error('NOTIFICATIONS.INVALID_QUERY', 'INVALID', message),
  invalidInput: (message: string) => error('NOTIFICATIONS.INVALID_INPUT', 'INVALID', message),
  pushOff: () => error('NOTIFICATIONS.PUSH_OFF', 'NOT_FOUND', 'Push notifications are not configured on this server'),
};
