// The auth feature's screens and prompts for the app layer. The session itself (AuthProvider, useAuth, the auth and
// passkey calls) is shared code in lib/auth; the form pieces are in components/forms.
export { ProtectedRoute, ProfileGuard, RoleGuard, GuestRoute, redirectTarget } from './components/route-guards';
export { TermsPrompt } from './components/terms-prompt';
export { PasskeyOffer } from './components/passkey-offer';
export { VerifyEmailBanner } from './components/verify-email-banner';
