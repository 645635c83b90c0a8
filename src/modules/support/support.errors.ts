import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type SupportErrorCode =
  | 'SUPPORT.INVALID_QUERY'
  | 'SUPPORT.NOT_FOUND'
  | 'SUPPORT.QUEUE_NOT_FOUND'
  | 'SUPPORT.JOB_NOT_FOUND'
  | 'SUPPORT.JOB_NOT_FAILED'
  | 'CHALLENGES.APPEAL_NOT_FOUND'
  | 'AVAILABILITY.OUTAGE_NOT_FOUND';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    support: SupportErrorCode;
  }
}

const error = (code: SupportErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

/** The support console's errors. */
export const SupportErrors = {
  invalid: (message: string) => error('SUPPORT.INVALID_QUERY', 'INVALID', message),
  userNotFound: () => error('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'User not found'),
  challengeNotFound: () => error('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  photoNotFound: () => error('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'This challenge has no photo'),
  appealPhotoNotFound: () => error('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'This appeal has no photo'),
  queueNotFound: (name: string) => error('SUPPORT.QUEUE_NOT_FOUND', 'NOT_FOUND', `Queue ${name} not found`),
  jobNotFound: (id: string, queue: string) => error('SUPPORT.JOB_NOT_FOUND', 'NOT_FOUND', `Job ${id} not found in queue ${queue}`),
  jobNotFailed: () => error('SUPPORT.JOB_NOT_FAILED', 'CONFLICT', 'Only a failed job can be retried'),
  // The console's ids that are not UUIDs answer as their owning module does (the same codes and messages); support
  // may not import another module's errors file, so they are declared here.
  appealNotFound: () => error('CHALLENGES.APPEAL_NOT_FOUND', 'NOT_FOUND', 'Appeal not found'),
  outageNotFound: () => error('AVAILABILITY.OUTAGE_NOT_FOUND', 'NOT_FOUND', 'Outage not found'),
};
