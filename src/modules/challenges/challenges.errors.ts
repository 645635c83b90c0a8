import { DomainError } from '../../common/errors/domain-error.js';
import { MIN_BALANCE_RULE } from './domain/challenge-rules.js';

/** SPEC's "Insufficient balance!" (the client keys on it) with the ₹50 rule in its one wording. */
export const LOW_BALANCE_MESSAGE = `Insufficient balance! ${MIN_BALANCE_RULE}`;

/** The challenges module's errors: code, HTTP kind, and the message a person reads. */
export const ChallengeErrors = {
  notFound: () => new DomainError('CHALLENGES.NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  invalid: (message: string) => new DomainError('CHALLENGES.INVALID', 'INVALID', message),
  adultRequired: () =>
    new DomainError('CHALLENGES.ADULT_REQUIRED', 'INVALID', 'You must be 18 or over to stake money: add your date of birth in your profile first'),
  lowBalance: () => new DomainError('CHALLENGES.LOW_BALANCE', 'INVALID', LOW_BALANCE_MESSAGE),
  /** A limit the person set on themselves (issue #21): a cooling-off pause or the monthly stake cap. */
  overSelfLimit: (message: string) => new DomainError('CHALLENGES.SELF_LIMIT', 'INVALID', message),
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
  /** proof of wake (issue #33) */
  photoProofRequired: () =>
    new DomainError('CHALLENGES.PHOTO_PROOF_REQUIRED', 'INVALID', 'This challenge needs photo proof: a photo taken in the app is needed to check in (verificationMethod PHOTO with a photo)'),
  photoUsedBefore: () =>
    new DomainError('CHALLENGES.PHOTO_USED_BEFORE', 'INVALID', 'This photo has been used before: take a new photo in the app to check in'),
  photoUnreadable: () => new DomainError('CHALLENGES.PHOTO_UNREADABLE', 'INVALID', 'photo: the image could not be read; take a new JPEG or PNG photo'),
  notAPhotoProof: () => new DomainError('CHALLENGES.NOT_A_PHOTO_PROOF', 'INVALID', 'This challenge has no photo proof to review: only a checked-in PHOTO challenge can get a verdict'),
  proofAlreadySettled: () => new DomainError('CHALLENGES.PROOF_SETTLED', 'INVALID', 'This morning has already been settled: a proof verdict can only be given before settlement'),
  testModeOff: () => new DomainError('CHALLENGES.TEST_MODE_OFF', 'NOT_FOUND', 'Resource not found'),
  noShield: () => new DomainError('CHALLENGES.NO_SHIELD', 'INVALID', 'You hold no wake shield: one is earned every 7 successful mornings in a row'),
  shieldTooLate: () => new DomainError('CHALLENGES.SHIELD_TOO_LATE', 'INVALID', 'A shield must be used before the check-in window opens'),
  notExcusable: () => new DomainError('CHALLENGES.NOT_EXCUSABLE', 'CONFLICT', 'Only a pending challenge can be excused'),
  onLeave: (date: string) => new DomainError('CHALLENGES.ON_LEAVE', 'INVALID', `You are on leave on ${date}: remove the leave day first`),
  leaveInvalid: (message: string) => new DomainError('CHALLENGES.LEAVE_INVALID', 'INVALID', message),
  alreadyOnLeave: (date: string) => new DomainError('CHALLENGES.ALREADY_ON_LEAVE', 'CONFLICT', `You are already on leave on ${date}`),
  leaveNotFound: (date: string) => new DomainError('CHALLENGES.LEAVE_NOT_FOUND', 'NOT_FOUND', `You have no leave on ${date}`),
  stillAwakeNotFound: () => new DomainError('CHALLENGES.STILL_AWAKE_NOT_FOUND', 'NOT_FOUND', 'No still-awake check for this challenge'),
  stillAwakeNotYet: () => new DomainError('CHALLENGES.STILL_AWAKE_NOT_YET', 'INVALID', 'The still-awake check has not been asked yet'),
  stillAwakeAnswered: () => new DomainError('CHALLENGES.STILL_AWAKE_ANSWERED', 'CONFLICT', 'The still-awake check is already answered'),
  stillAwakeExpired: () => new DomainError('CHALLENGES.STILL_AWAKE_EXPIRED', 'INVALID', 'The still-awake check has expired: it was not answered in time'),
};
