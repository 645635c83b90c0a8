import { DomainError } from '../../common/errors/domain-error.js';

/** The challenges module's errors: code, HTTP kind, and the message a person reads. */
export const ChallengeErrors = {
  notFound: () => new DomainError('CHALLENGES.NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  invalid: (message: string) => new DomainError('CHALLENGES.INVALID', 'INVALID', message),
  adultRequired: () =>
    new DomainError('CHALLENGES.ADULT_REQUIRED', 'INVALID', 'You must be 18 or over to stake money: add your date of birth in your profile first'),
  lowBalance: () => new DomainError('CHALLENGES.LOW_BALANCE', 'INVALID', 'Insufficient balance! You need at least ₹50 to create challenges'),
  forfeitAboveBalance: () => new DomainError('CHALLENGES.FORFEIT_ABOVE_BALANCE', 'INVALID', 'Forfeit amount exceeds available balance!'),
  duplicateDate: () => new DomainError('CHALLENGES.DUPLICATE_DATE', 'CONFLICT', 'You already have a challenge for this date'),
  windowNotOpen: () => new DomainError('CHALLENGES.WINDOW_NOT_OPEN', 'INVALID', 'Check-in window has not opened yet'),
  alreadyCheckedIn: () => new DomainError('CHALLENGES.ALREADY_CHECKED_IN', 'CONFLICT', 'Challenge already checked in'),
  alreadyClosedMissed: () => new DomainError('CHALLENGES.ALREADY_CLOSED', 'CONFLICT', 'Check-in window has closed: this challenge was closed as missed'),
  cancelled: () => new DomainError('CHALLENGES.CANCELLED', 'CONFLICT', 'This challenge was cancelled'),
  cancellationClosed: () => new DomainError('CHALLENGES.CANCELLATION_CLOSED', 'INVALID', 'Cancellation is closed for this challenge'),
  notCancellable: () => new DomainError('CHALLENGES.NOT_CANCELLABLE', 'CONFLICT', 'Only a pending challenge can be cancelled'),
  photoRequired: () => new DomainError('CHALLENGES.PHOTO_REQUIRED', 'INVALID', 'photo: a JPEG or PNG selfie is required for PHOTO verification'),
  photoNotExpected: () => new DomainError('CHALLENGES.PHOTO_UNEXPECTED', 'INVALID', 'photo: send a photo only with verificationMethod PHOTO'),
  photoType: () => new DomainError('CHALLENGES.PHOTO_TYPE', 'INVALID', 'photo: must be a JPEG or PNG image'),
  photoTooLarge: () => new DomainError('CHALLENGES.PHOTO_TOO_LARGE', 'INVALID', 'photo: must be at most 5 MB'),
  testModeOff: () => new DomainError('CHALLENGES.TEST_MODE_OFF', 'NOT_FOUND', 'Resource not found'),
};
