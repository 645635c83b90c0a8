import { DomainError } from '../../common/errors/domain-error.js';

/** The support console's errors. */
export const SupportErrors = {
  invalid: (message: string) => new DomainError('SUPPORT.INVALID_QUERY', 'INVALID', message),
  userNotFound: () => new DomainError('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'User not found'),
  challengeNotFound: () => new DomainError('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  photoNotFound: () => new DomainError('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'This challenge has no photo'),
};
