// Public surface of the auth feature: other features and the app import from here only.
export { AuthProvider } from './components/auth-provider';
export type { AuthContextValue } from './components/auth-provider';
export { useAuth } from './hooks/use-auth';
export { ProtectedRoute, ProfileGuard, RoleGuard, GuestRoute, redirectTarget } from './components/route-guards';
export { isProfileComplete, hasRole } from './profile-complete';
export * from './api/auth-api';
export * from './api/passkeys-api';
export { PasswordInput } from './components/password-input';
export { FormAlert } from './components/form-alert';
export { screenMessage, answerMessage, MIN_PASSWORD_LENGTH } from './messages';
export { GENDERS, OCCUPATIONS, occupationLabel } from './profile-options';
export { FormStack } from './components/form-stack';
export { TermsPrompt } from './components/terms-prompt';
export { PasskeyOffer } from './components/passkey-offer';
export { VerifyEmailBanner } from './components/verify-email-banner';
