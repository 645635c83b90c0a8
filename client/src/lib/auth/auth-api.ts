import { api, unwrap } from '@/lib/api-client';
import type { ApiAnswer, AuthResponse, Schemas, User } from '@/types/api';

export type LoginInput = Schemas['LoginDto'];
export type RegisterInput = Schemas['RegisterDto'];

export const DEFAULT_SLEEP_CHALLENGES = ['Hitting snooze', 'Late night scrolling'];

/** GET /auth/profile: `{ success, data: user }` or the user itself. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  return normalizeUser(unwrap<Partial<User> & { userId?: string }>(await api.get('/auth/profile', { signal })));
}

export function loginRequest(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', input, { auth: false });
}

export function registerRequest(input: RegisterInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/register', { sleepChallenges: DEFAULT_SLEEP_CHALLENGES, ...input }, { auth: false });
}

export function googleRequest(idToken: string, termsVersion?: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/google', termsVersion ? { idToken, termsVersion } : { idToken }, { auth: false });
}

/** POST /auth/accept-terms: records the version in force; answers the user. */
export async function acceptTermsRequest(termsVersion: string): Promise<User> {
  return normalizeUser(unwrap<Partial<User>>(await api.post('/auth/accept-terms', { termsVersion })));
}

export function logoutRequest(): Promise<unknown> {
  return api.post('/auth/logout');
}

/** Profile answers use `id`, auth answers `userId`: one shape for the app. */
export function normalizeUser(raw: Partial<User> & { userId?: string; token?: string }): User {
  const { token: _token, userId, ...rest } = raw;
  return { ...rest, id: String(rest.id ?? userId ?? ''), email: rest.email ?? '' } as User;
}

/** `{ success, message }` answers of the email / password endpoints. */
export type MessageResponse = ApiAnswer<'/auth/forgot-password', 'post'>;

/** POST /auth/verify-email?token=… */
export function verifyEmailRequest(token: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/verify-email', undefined, { query: { token }, auth: false });
}

/** POST /auth/resend-verification?email=… */
export function resendVerificationRequest(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/resend-verification', undefined, { query: { email }, auth: false });
}

/** POST /auth/forgot-password {email} */
export function forgotPasswordRequest(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/forgot-password', { email }, { auth: false });
}

/** GET /auth/verify-reset-token?token=… → { success, valid, message } */
export function verifyResetTokenRequest(token: string, signal?: AbortSignal): Promise<ApiAnswer<'/auth/verify-reset-token', 'get'>> {
  return api.get('/auth/verify-reset-token', { query: { token }, auth: false, signal });
}

export type ResetPasswordInput = Schemas['ResetPasswordDto'];

/** POST /auth/reset-password {token, newPassword, confirmPassword} */
export function resetPasswordRequest(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password', input, { auth: false });
}

export type ChangePasswordInput = Schemas['ChangePasswordDto'];

/** POST /auth/change-password: ends the other sessions and answers with a fresh token for this one. */
export function changePasswordRequest(input: ChangePasswordInput): Promise<MessageResponse & { token?: string }> {
  return api.post('/auth/change-password', input);
}

/** DELETE /auth/account: refused (409) while the wallet holds money or a challenge is unsettled. */
export function deleteAccountRequest(): Promise<MessageResponse> {
  return api.delete<MessageResponse>('/auth/account');
}

export type UserSettings = User['settings'];
export type NotificationSettings = UserSettings['notifications'];
export type PrivacySettings = UserSettings['privacy'];

/** SPEC.md section 3 profile update payload, plus emergencyContact and settings (all optional). */
export type ProfileUpdate = Omit<Schemas['UpdateProfileDto'], 'settings'> & {
  settings?: { notifications?: Partial<NotificationSettings>; privacy?: Partial<PrivacySettings> };
};

/** PUT /auth/profile → { success, message, data: user } */
export async function updateProfileRequest(update: ProfileUpdate): Promise<{ message?: string; user: User }> {
  const body = await api.put<{ message?: string; data?: Partial<User> }>('/auth/profile', update);
  return { message: body?.message, user: normalizeUser(unwrap<Partial<User>>(body)) };
}
