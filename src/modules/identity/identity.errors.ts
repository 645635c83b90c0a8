import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type IdentityErrorCode =
  | 'IDENTITY.INVALID_CREDENTIALS'
  | 'IDENTITY.EMAIL_TAKEN'
  | 'IDENTITY.TERMS_OUTDATED'
  | 'IDENTITY.PASSWORDS_DIFFER'
  | 'IDENTITY.VERIFICATION_TOKEN_INVALID'
  | 'IDENTITY.EMAIL_ALREADY_VERIFIED'
  | 'IDENTITY.VERIFICATION_TOKEN_MISSING'
  | 'IDENTITY.RESET_TOKEN_INVALID'
  | 'IDENTITY.RESET_TOKEN_MISSING'
  | 'IDENTITY.NEW_PASSWORD_MISSING'
  | 'IDENTITY.EMAIL_MISSING'
  | 'IDENTITY.CURRENT_PASSWORD_WRONG'
  | 'IDENTITY.NO_PASSWORD'
  | 'IDENTITY.SAME_PASSWORD'
  | 'IDENTITY.USER_NOT_FOUND'
  | 'IDENTITY.GOOGLE_ACCOUNT_MISMATCH'
  | 'IDENTITY.DELETE_WITH_BALANCE'
  | 'IDENTITY.DELETE_WITH_PENDING_CHALLENGE'
  | 'IDENTITY.DELETE_WITH_PENDING_WITHDRAWAL'
  | 'IDENTITY.DELETE_WITH_PENDING_DEPOSIT'
  | 'IDENTITY.DATE_OF_BIRTH'
  | 'IDENTITY.PASSKEY_ANSWER_MISSING'
  | 'IDENTITY.PASSKEY_CHALLENGE_UNKNOWN'
  | 'IDENTITY.PASSKEY_UNKNOWN'
  | 'IDENTITY.PASSKEY_REFUSED'
  | 'IDENTITY.PASSKEY_REGISTRATION_EXPIRED'
  | 'IDENTITY.PASSKEY_REGISTRATION_REFUSED'
  | 'IDENTITY.PASSKEY_ALREADY_ADDED'
  | 'IDENTITY.PASSKEY_NOT_FOUND'
  | 'IDENTITY.GOOGLE_NOT_CONFIGURED'
  | 'IDENTITY.GOOGLE_TOKEN_INVALID'
  | 'IDENTITY.GOOGLE_EMAIL_UNVERIFIED';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    identity: IdentityErrorCode;
  }
}

const error = (code: IdentityErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);

/** The identity module's errors: one code each, a message a person can act on. */
export const IdentityErrors = {
  invalidCredentials: () => error('IDENTITY.INVALID_CREDENTIALS', 'UNAUTHENTICATED', 'Invalid email or password'),
  emailTaken: () => error('IDENTITY.EMAIL_TAKEN', 'CONFLICT', 'An account with this email already exists. Please log in instead.'),
  termsOutdated: (message: string) => error('IDENTITY.TERMS_OUTDATED', 'INVALID', message),
  passwordsDiffer: () => error('IDENTITY.PASSWORDS_DIFFER', 'INVALID', 'Passwords do not match'),
  verificationLinkInvalid: () =>
    error('IDENTITY.VERIFICATION_TOKEN_INVALID', 'INVALID', 'Verification link is invalid or has expired. Please request a new verification email.'),
  emailAlreadyVerified: () => error('IDENTITY.EMAIL_ALREADY_VERIFIED', 'INVALID', 'This email is already verified. You can log in.'),
  verificationTokenMissing: () =>
    error('IDENTITY.VERIFICATION_TOKEN_MISSING', 'INVALID', 'Invalid verification link. Please check your email for the correct link.'),
  resetLinkInvalid: () => error('IDENTITY.RESET_TOKEN_INVALID', 'INVALID', 'Reset link is invalid or has expired.'),
  resetTokenMissing: () => error('IDENTITY.RESET_TOKEN_MISSING', 'INVALID', 'Invalid reset link. Please request a new password reset.'),
  newPasswordMissing: () => error('IDENTITY.NEW_PASSWORD_MISSING', 'INVALID', 'New password is required'),
  emailMissing: () => error('IDENTITY.EMAIL_MISSING', 'INVALID', 'Please enter your email address'),
  currentPasswordWrong: () => error('IDENTITY.CURRENT_PASSWORD_WRONG', 'INVALID', 'Current password is incorrect'),
  noPasswordYet: () => error('IDENTITY.NO_PASSWORD', 'INVALID', 'This account signs in with Google and has no password yet. Use "Forgot password" to set one.'),
  samePassword: () => error('IDENTITY.SAME_PASSWORD', 'INVALID', 'New password must be different from the current password'),
  userGone: () => error('IDENTITY.USER_NOT_FOUND', 'UNAUTHENTICATED', 'Please login again'),
  googleAccountMismatch: () => error('IDENTITY.GOOGLE_ACCOUNT_MISMATCH', 'CONFLICT', 'This email is already linked to a different Google account'),
  deleteWithBalance: (rupees: string) =>
    error('IDENTITY.DELETE_WITH_BALANCE', 'CONFLICT', `Your wallet still holds ${rupees}. Please withdraw your balance before deleting your account.`),
  deleteWithPendingChallenge: () =>
    error(
      'IDENTITY.DELETE_WITH_PENDING_CHALLENGE',
      'CONFLICT',
      'You have a challenge that is not settled yet. Please wait until it is settled (or cancel it) before deleting your account.',
    ),
  deleteWithPendingWithdrawal: () =>
    error(
      'IDENTITY.DELETE_WITH_PENDING_WITHDRAWAL',
      'INVALID',
      'You have a withdrawal that is still being paid out. Please wait until it is paid (or returned to your wallet) before deleting your account.',
    ),
  deleteWithPendingDeposit: () =>
    error(
      'IDENTITY.DELETE_WITH_PENDING_DEPOSIT',
      'INVALID',
      'A payment you started is not confirmed yet. Please wait until it is added to your wallet, or try again in an hour, before deleting your account.',
    ),
  dateOfBirth: (message: string) => error('IDENTITY.DATE_OF_BIRTH', 'INVALID', message),
  // Passkeys: signing in with one is authentication (401); adding one is a request a person can retry (400).
  passkeyAnswerMissing: () =>
    error('IDENTITY.PASSKEY_ANSWER_MISSING', 'INVALID', "Your browser's passkey answer is missing or not readable. Please try again."),
  passkeyChallengeUnknown: () =>
    error('IDENTITY.PASSKEY_CHALLENGE_UNKNOWN', 'UNAUTHENTICATED', 'This passkey request has expired or was already used. Please try again.'),
  passkeyUnknown: () =>
    error('IDENTITY.PASSKEY_UNKNOWN', 'UNAUTHENTICATED', "This passkey isn't registered with WakeStake. Sign in with your email and password."),
  passkeyRefused: () =>
    error('IDENTITY.PASSKEY_REFUSED', 'UNAUTHENTICATED', "We couldn't verify this passkey. Please try again, or sign in with your email and password."),
  passkeyRegistrationExpired: () =>
    error('IDENTITY.PASSKEY_REGISTRATION_EXPIRED', 'INVALID', 'Adding this passkey took too long or was already done. Please try again.'),
  passkeyRegistrationRefused: () => error('IDENTITY.PASSKEY_REGISTRATION_REFUSED', 'INVALID', "We couldn't add this passkey. Please try again."),
  passkeyAlreadyAdded: () => error('IDENTITY.PASSKEY_ALREADY_ADDED', 'CONFLICT', 'This passkey is already added to your account.'),
  passkeyNotFound: () => error('IDENTITY.PASSKEY_NOT_FOUND', 'NOT_FOUND', 'Passkey not found'),
  googleNotConfigured: () => error('IDENTITY.GOOGLE_NOT_CONFIGURED', 'INVALID', 'Google sign-in is not configured'),
  googleTokenInvalid: () => error('IDENTITY.GOOGLE_TOKEN_INVALID', 'UNAUTHENTICATED', 'Google sign-in failed: the Google token is invalid or has expired'),
  googleTokenWithoutEmail: () => error('IDENTITY.GOOGLE_TOKEN_INVALID', 'UNAUTHENTICATED', 'Google sign-in failed: the Google token has no email'),
  googleEmailUnverified: () => error('IDENTITY.GOOGLE_EMAIL_UNVERIFIED', 'INVALID', 'Your Google account email is not verified'),
};
