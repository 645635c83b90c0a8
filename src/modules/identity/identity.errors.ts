import { DomainError } from '../../common/errors/domain-error.js';

/** The identity module's errors: one code each, a message a person can act on. */
export const IdentityErrors = {
  invalidCredentials: () => new DomainError('IDENTITY.INVALID_CREDENTIALS', 'UNAUTHENTICATED', 'Invalid email or password'),
  emailTaken: () => new DomainError('IDENTITY.EMAIL_TAKEN', 'CONFLICT', 'An account with this email already exists. Please log in instead.'),
  termsOutdated: (message: string) => new DomainError('IDENTITY.TERMS_OUTDATED', 'INVALID', message),
  passwordsDiffer: () => new DomainError('IDENTITY.PASSWORDS_DIFFER', 'INVALID', 'Passwords do not match'),
  verificationLinkInvalid: () =>
    new DomainError('IDENTITY.VERIFICATION_TOKEN_INVALID', 'INVALID', 'Verification link is invalid or has expired. Please request a new verification email.'),
  emailAlreadyVerified: () => new DomainError('IDENTITY.EMAIL_ALREADY_VERIFIED', 'INVALID', 'This email is already verified. You can log in.'),
  verificationTokenMissing: () =>
    new DomainError('IDENTITY.VERIFICATION_TOKEN_MISSING', 'INVALID', 'Invalid verification link. Please check your email for the correct link.'),
  resetLinkInvalid: () => new DomainError('IDENTITY.RESET_TOKEN_INVALID', 'INVALID', 'Reset link is invalid or has expired.'),
  resetTokenMissing: () => new DomainError('IDENTITY.RESET_TOKEN_MISSING', 'INVALID', 'Invalid reset link. Please request a new password reset.'),
  newPasswordMissing: () => new DomainError('IDENTITY.NEW_PASSWORD_MISSING', 'INVALID', 'New password is required'),
  emailMissing: () => new DomainError('IDENTITY.EMAIL_MISSING', 'INVALID', 'Please enter your email address'),
  currentPasswordWrong: () => new DomainError('IDENTITY.CURRENT_PASSWORD_WRONG', 'INVALID', 'Current password is incorrect'),
  noPasswordYet: () =>
    new DomainError('IDENTITY.NO_PASSWORD', 'INVALID', 'This account signs in with Google and has no password yet. Use "Forgot password" to set one.'),
  samePassword: () => new DomainError('IDENTITY.SAME_PASSWORD', 'INVALID', 'New password must be different from the current password'),
  userGone: () => new DomainError('IDENTITY.USER_NOT_FOUND', 'UNAUTHENTICATED', 'Please login again'),
  googleAccountMismatch: () =>
    new DomainError('IDENTITY.GOOGLE_ACCOUNT_MISMATCH', 'CONFLICT', 'This email is already linked to a different Google account'),
  deleteWithBalance: (rupees: string) =>
    new DomainError('IDENTITY.DELETE_WITH_BALANCE', 'CONFLICT', `Your wallet still holds ${rupees}. Please withdraw your balance before deleting your account.`),
  deleteWithPendingChallenge: () =>
    new DomainError(
      'IDENTITY.DELETE_WITH_PENDING_CHALLENGE',
      'CONFLICT',
      'You have a challenge that is not settled yet. Please wait until it is settled (or cancel it) before deleting your account.',
    ),
  deleteWithPendingWithdrawal: () =>
    new DomainError(
      'IDENTITY.DELETE_WITH_PENDING_WITHDRAWAL',
      'INVALID',
      'You have a withdrawal that is still being paid out. Please wait until it is paid (or returned to your wallet) before deleting your account.',
    ),
  deleteWithPendingDeposit: () =>
    new DomainError(
      'IDENTITY.DELETE_WITH_PENDING_DEPOSIT',
      'INVALID',
      'A payment you started is not confirmed yet. Please wait until it is added to your wallet, or try again in an hour, before deleting your account.',
    ),
  dateOfBirth: (message: string) => new DomainError('IDENTITY.DATE_OF_BIRTH', 'INVALID', message),
  // Passkeys (issue 30): signing in with one is authentication (401); adding one is a request a person can retry (400).
  passkeyAnswerMissing: () => new DomainError('IDENTITY.PASSKEY_ANSWER_MISSING', 'INVALID', "Your browser's passkey answer is missing or not readable. Please try again."),
  passkeyChallengeUnknown: () =>
    new DomainError('IDENTITY.PASSKEY_CHALLENGE_UNKNOWN', 'UNAUTHENTICATED', 'This passkey request has expired or was already used. Please try again.'),
  passkeyUnknown: () =>
    new DomainError('IDENTITY.PASSKEY_UNKNOWN', 'UNAUTHENTICATED', "This passkey isn't registered with WakeStake. Sign in with your email and password."),
  passkeyRefused: () => new DomainError('IDENTITY.PASSKEY_REFUSED', 'UNAUTHENTICATED', "We couldn't verify this passkey. Please try again, or sign in with your email and password."),
  passkeyRegistrationExpired: () =>
    new DomainError('IDENTITY.PASSKEY_REGISTRATION_EXPIRED', 'INVALID', 'Adding this passkey took too long or was already done. Please try again.'),
  passkeyRegistrationRefused: () => new DomainError('IDENTITY.PASSKEY_REGISTRATION_REFUSED', 'INVALID', "We couldn't add this passkey. Please try again."),
  passkeyAlreadyAdded: () => new DomainError('IDENTITY.PASSKEY_ALREADY_ADDED', 'CONFLICT', 'This passkey is already added to your account.'),
  passkeyNotFound: () => new DomainError('IDENTITY.PASSKEY_NOT_FOUND', 'NOT_FOUND', 'Passkey not found'),
};
