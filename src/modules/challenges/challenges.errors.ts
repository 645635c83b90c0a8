import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type ChallengeErrorCode =
  | 'CHALLENGES.NOT_FOUND'
  | 'CHALLENGES.APPEAL_NOT_FOUND'
  | 'CHALLENGES.PLAN_NOT_FOUND'
  | 'CHALLENGES.INVALID'
  | 'CHALLENGES.ADULT_REQUIRED'
  | 'CHALLENGES.LOW_BALANCE'
  | 'CHALLENGES.SELF_LIMIT'
  | 'CHALLENGES.FORFEIT_ABOVE_BALANCE'
  | 'CHALLENGES.DUPLICATE_DATE'
  | 'CHALLENGES.WINDOW_NOT_OPEN'
  | 'CHALLENGES.ALREADY_CHECKED_IN'
  | 'CHALLENGES.ALREADY_CLOSED'
  | 'CHALLENGES.CANCELLED'
  | 'CHALLENGES.CANCELLATION_CLOSED'
  | 'CHALLENGES.NOT_CANCELLABLE'
  | 'CHALLENGES.PHOTO_REQUIRED'
  | 'CHALLENGES.PHOTO_UNEXPECTED'
  | 'CHALLENGES.PHOTO_TYPE'
  | 'CHALLENGES.PHOTO_TOO_LARGE'
  | 'CHALLENGES.PHOTO_PROOF_REQUIRED'
  | 'CHALLENGES.PHOTO_USED_BEFORE'
  | 'CHALLENGES.PHOTO_UNREADABLE'
  | 'CHALLENGES.NOT_A_PHOTO_PROOF'
  | 'CHALLENGES.PROOF_SETTLED'
  | 'CHALLENGES.TEST_MODE_OFF'
  | 'CHALLENGES.NO_SHIELD'
  | 'CHALLENGES.SHIELD_TOO_LATE'
  | 'CHALLENGES.NOT_EXCUSABLE'
  | 'CHALLENGES.ON_LEAVE'
  | 'CHALLENGES.LEAVE_INVALID'
  | 'CHALLENGES.ALREADY_ON_LEAVE'
  | 'CHALLENGES.LEAVE_NOT_FOUND'
  | 'CHALLENGES.STILL_AWAKE_NOT_FOUND'
  | 'CHALLENGES.STILL_AWAKE_NOT_YET'
  | 'CHALLENGES.STILL_AWAKE_ANSWERED'
  | 'CHALLENGES.STILL_AWAKE_EXPIRED';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    challenges: ChallengeErrorCode;
  }
}

const error = (code: ChallengeErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);
import { MIN_BALANCE_RULE } from './shared/domain/challenge-rules.js';

/** SPEC's "Insufficient balance!" (the client keys on it) with the ₹50 rule in its one wording. */
export const LOW_BALANCE_MESSAGE = `Insufficient balance! ${MIN_BALANCE_RULE}`;

/** The challenges module's errors: code, HTTP kind, and the message a person reads. */
export const ChallengeErrors = {
  notFound: () => error('CHALLENGES.NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  appealNotFound: () => error('CHALLENGES.APPEAL_NOT_FOUND', 'NOT_FOUND', 'Appeal not found'),
  planNotFound: () => error('CHALLENGES.PLAN_NOT_FOUND', 'NOT_FOUND', 'Plan not found'),
  invalid: (message: string) => error('CHALLENGES.INVALID', 'INVALID', message),
  adultRequired: () => error('CHALLENGES.ADULT_REQUIRED', 'INVALID', 'You must be 18 or over to stake money: add your date of birth in your profile first'),
  lowBalance: () => error('CHALLENGES.LOW_BALANCE', 'INVALID', LOW_BALANCE_MESSAGE),
  /** A limit the person set on themselves: a cooling-off pause or the monthly stake cap. */
  overSelfLimit: (message: string) => error('CHALLENGES.SELF_LIMIT', 'INVALID', message),
  forfeitAboveBalance: () => error('CHALLENGES.FORFEIT_ABOVE_BALANCE', 'INVALID', 'Forfeit amount exceeds available balance!'),
  duplicateDate: () => error('CHALLENGES.DUPLICATE_DATE', 'CONFLICT', 'You already have a challenge for this date'),
  windowNotOpen: () => error('CHALLENGES.WINDOW_NOT_OPEN', 'INVALID', 'Check-in window has not opened yet'),
  alreadyCheckedIn: () => error('CHALLENGES.ALREADY_CHECKED_IN', 'CONFLICT', 'Challenge already checked in'),
  alreadyClosedMissed: () => error('CHALLENGES.ALREADY_CLOSED', 'CONFLICT', 'Check-in window has closed: this challenge was closed as missed'),
  cancelled: () => error('CHALLENGES.CANCELLED', 'CONFLICT', 'This challenge was cancelled'),
  cancellationClosed: () => error('CHALLENGES.CANCELLATION_CLOSED', 'INVALID', 'Cancellation is closed for this challenge'),
  notCancellable: () => error('CHALLENGES.NOT_CANCELLABLE', 'CONFLICT', 'Only a pending challenge can be cancelled'),
  photoRequired: () => error('CHALLENGES.PHOTO_REQUIRED', 'INVALID', 'photo: a JPEG or PNG selfie is required for PHOTO verification'),
  photoNotExpected: () => error('CHALLENGES.PHOTO_UNEXPECTED', 'INVALID', 'photo: send a photo only with verificationMethod PHOTO'),
  photoType: () => error('CHALLENGES.PHOTO_TYPE', 'INVALID', 'photo: must be a JPEG or PNG image'),
  photoTooLarge: () => error('CHALLENGES.PHOTO_TOO_LARGE', 'INVALID', 'photo: must be at most 5 MB'),
  /** proof of wake */
  photoProofRequired: () =>
    error(
      'CHALLENGES.PHOTO_PROOF_REQUIRED',
      'INVALID',
      'This challenge needs photo proof: a photo taken in the app is needed to check in (verificationMethod PHOTO with a photo)',
    ),
  photoUsedBefore: () => error('CHALLENGES.PHOTO_USED_BEFORE', 'INVALID', 'This photo has been used before: take a new photo in the app to check in'),
  photoUnreadable: () => error('CHALLENGES.PHOTO_UNREADABLE', 'INVALID', 'photo: the image could not be read; take a new JPEG or PNG photo'),
  notAPhotoProof: () =>
    error('CHALLENGES.NOT_A_PHOTO_PROOF', 'INVALID', 'This challenge has no photo proof to review: only a checked-in PHOTO challenge can get a verdict'),
  proofAlreadySettled: () =>
    error('CHALLENGES.PROOF_SETTLED', 'INVALID', 'This morning has already been settled: a proof verdict can only be given before settlement'),
  testModeOff: () => error('CHALLENGES.TEST_MODE_OFF', 'NOT_FOUND', 'Resource not found'),
  noShield: () => error('CHALLENGES.NO_SHIELD', 'INVALID', 'You hold no wake shield: one is earned every 7 successful mornings in a row'),
  shieldTooLate: () => error('CHALLENGES.SHIELD_TOO_LATE', 'INVALID', 'A shield must be used before the check-in window opens'),
  notExcusable: () => error('CHALLENGES.NOT_EXCUSABLE', 'CONFLICT', 'Only a pending challenge can be excused'),
  onLeave: (date: string) => error('CHALLENGES.ON_LEAVE', 'INVALID', `You are on leave on ${date}: remove the leave day first`),
  leaveInvalid: (message: string) => error('CHALLENGES.LEAVE_INVALID', 'INVALID', message),
  alreadyOnLeave: (date: string) => error('CHALLENGES.ALREADY_ON_LEAVE', 'CONFLICT', `You are already on leave on ${date}`),
  leaveNotFound: (date: string) => error('CHALLENGES.LEAVE_NOT_FOUND', 'NOT_FOUND', `You have no leave on ${date}`),
  stillAwakeNotFound: () => error('CHALLENGES.STILL_AWAKE_NOT_FOUND', 'NOT_FOUND', 'No still-awake check for this challenge'),
  stillAwakeNotYet: () => error('CHALLENGES.STILL_AWAKE_NOT_YET', 'INVALID', 'The still-awake check has not been asked yet'),
  stillAwakeAnswered: () => error('CHALLENGES.STILL_AWAKE_ANSWERED', 'CONFLICT', 'The still-awake check is already answered'),
  stillAwakeExpired: () => error('CHALLENGES.STILL_AWAKE_EXPIRED', 'INVALID', 'The still-awake check has expired: it was not answered in time'),
};
