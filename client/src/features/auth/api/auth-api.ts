import { api, unwrap } from '@/lib/api-client';
import type { AuthResponse, User } from '@/types/api';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  email: string;
  password: string;
  fullName: string;
  preferredWakeUpTime?: string;
  sleepChallenges?: string[];
}

export const DEFAULT_SLEEP_CHALLENGES = ['Hitting snooze', 'Late night scrolling'];

/** GET /auth/profile: `{ success, data: user }` or the user itself. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  return normalizeUser(unwrap<Partial<User> & { userId?: string }>(await api.get('/auth/profile', { signal })));
}

export function loginRequest(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/login', input, { auth: false });
}

export function registerRequest(input: RegisterInput): Promise<AuthResponse> {
  return api.post<AuthResponse>(
    '/auth/register',
    { sleepChallenges: DEFAULT_SLEEP_CHALLENGES, ...input },
    { auth: false },
  );
}

export function googleRequest(idToken: string): Promise<AuthResponse> {
  return api.post<AuthResponse>('/auth/google', { idToken }, { auth: false });
}

export function logoutRequest(): Promise<unknown> {
  return api.post('/auth/logout');
}

/** Profile answers use `id`, auth answers `userId`: one shape for the app. */
export function normalizeUser(raw: Partial<User> & { userId?: string; token?: string }): User {
  const { token: _token, userId, ...rest } = raw;
  return { ...rest, id: String(rest.id ?? userId ?? ''), email: rest.email ?? '' } as User;
}

/** `{ success, message, error? }` answers of the email / password endpoints. */
export interface MessageResponse {
  success?: boolean;
  message?: string;
  error?: string;
}

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
export function verifyResetTokenRequest(token: string, signal?: AbortSignal): Promise<MessageResponse & { valid?: boolean }> {
  return api.get('/auth/verify-reset-token', { query: { token }, auth: false, signal });
}

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /auth/reset-password {token, newPassword, confirmPassword} */
export function resetPasswordRequest(input: ResetPasswordInput): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password', input, { auth: false });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /auth/change-password: ends the other sessions and answers with a fresh token for this one. */
export function changePasswordRequest(input: ChangePasswordInput): Promise<MessageResponse & { token?: string }> {
  return api.post('/auth/change-password', input);
}

/** DELETE /auth/account: refused (409) while the wallet holds money or a challenge is unsettled. */
export function deleteAccountRequest(): Promise<MessageResponse> {
  return api.delete<MessageResponse>('/auth/account');
}

export interface NotificationSettings {
  email: boolean;
  challengeReminders: boolean;
  walletUpdates: boolean;
}

export interface PrivacySettings {
  showOnLeaderboard: boolean;
  shareUsageData: boolean;
}

export interface UserSettings {
  notifications: NotificationSettings;
  privacy: PrivacySettings;
}

/** SPEC.md section 3 profile update payload, plus emergencyContact and settings (all optional). */
export interface ProfileUpdate {
  fullName?: string;
  phoneNumber?: string;
  dateOfBirth?: string;
  gender?: string;
  city?: string;
  occupation?: string;
  institutionName?: string | null;
  preferredWakeUpTime?: string | null;
  emergencyContact?: string | null;
  settings?: { notifications?: Partial<NotificationSettings>; privacy?: Partial<PrivacySettings> };
}

/** PUT /auth/profile → { success, message, data: user } */
export async function updateProfileRequest(update: ProfileUpdate): Promise<{ message?: string; user: User }> {
  const body = await api.put<{ message?: string; data?: Partial<User> }>('/auth/profile', update);
  return { message: body?.message, user: normalizeUser(unwrap<Partial<User>>(body)) };
}
