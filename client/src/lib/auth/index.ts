// The signed-in session, shared by every feature: the provider and its hook, the user's cache entry, the auth and passkey
// calls, and the profile rules the session needs (complete profile, roles, the profile's allowed values, the password
// length).
export { AuthProvider, type AuthContextValue } from './auth-provider';
export { useAuth } from './use-auth';
export { meKey, meQueryOptions } from './me-query';
export { isProfileComplete, hasRole } from './profile-complete';
export * from './auth-api';
export * from './passkeys-api';
export { MIN_PASSWORD_LENGTH } from './password';
export { GENDERS, OCCUPATIONS, occupationLabel } from './profile-options';
