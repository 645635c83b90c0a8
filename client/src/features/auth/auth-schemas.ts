// The sign-in screens' form schemas (zod/mini through react-hook-form, see lib/forms/schema.ts), each typed against the
// API body it fills. SPEC.md's messages; the password rule's one place is MIN_PASSWORD_LENGTH (lib/auth/password.ts).
import type { ApiBody } from '@/types/api';
import { filled, filledTrimmed, z, type Fills } from '@/lib/forms/schema';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password';

/** Sign in: both fields filled (the button waits for them); the server says whether they are right. */
export const loginSchema = z.object({
  email: filledTrimmed('Enter your email'),
  password: filled('Enter your password'),
}) satisfies Fills<ApiBody<'/auth/login', 'post'>>;

export const registerMessages = {
  fullName: 'Full name is required',
  email: 'Email is required',
  password: 'Password is required',
  confirmPassword: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  network: 'Unable to connect to server. Please check if the backend is running and try again.',
  failed: 'Registration failed. Please try again.',
} as const;

export const CONSENT_REQUIRED = 'Please confirm that you are 18 or older and accept the Terms of use and Privacy policy';

/** True once both passwords are typed and differ (checked as the second is typed, and again on submit). */
const mismatched = (v: { password?: unknown; confirmPassword?: unknown }) =>
  typeof v.password === 'string' &&
  typeof v.confirmPassword === 'string' &&
  !!v.password.trim() &&
  !!v.confirmPassword.trim() &&
  v.password !== v.confirmPassword;

/** Sign up with email: the four fields, the 18+ and terms consent, the password typed twice alike. */
export const registerSchema = z
  .object({
    fullName: filledTrimmed(registerMessages.fullName),
    email: filledTrimmed(registerMessages.email),
    password: filled(registerMessages.password),
    confirmPassword: filled(registerMessages.confirmPassword),
    consent: z.boolean().check(z.refine((v) => v, CONSENT_REQUIRED)),
  })
  // Checked even while another field is blank, so the mismatch shows as soon as the second password is typed.
  .check(z.refine((v) => !mismatched(v), { path: ['confirmPassword'], error: registerMessages.mismatch, when: () => true }));

export type RegisterForm = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
/** What the form adds to POST /auth/register (the page adds the sleep challenges and the terms version). */
export const registerBody = ({ fullName, email, password }: RegisterValues) =>
  ({ fullName, email, password }) satisfies Partial<ApiBody<'/auth/register', 'post'>>;

export const forgotMessages = {
  empty: 'Please enter your email address',
  failed: 'Failed to send reset email. Please try again.',
  sent: 'If an account exists for that email, a password reset link has been sent.',
} as const;

export const forgotSchema = z.object({ email: filledTrimmed(forgotMessages.empty) }) satisfies Fills<ApiBody<'/auth/forgot-password', 'post'>>;

export const resetMessages = {
  noToken: 'Invalid reset link. Please request a new password reset.',
  invalid: 'Reset link is invalid or has expired.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  mismatch: 'Passwords do not match',
  match: 'Passwords match',
  length: `At least ${MIN_PASSWORD_LENGTH} characters`,
  failed: 'Password reset failed. Please try again.',
  success: 'Password reset successfully! Please login with your new password.',
} as const;

/** A new password: long enough, typed twice alike (the page shows both as live indicators). */
export const resetSchema = z
  .object({
    newPassword: z.string().check(z.minLength(MIN_PASSWORD_LENGTH, resetMessages.tooShort)),
    confirmPassword: z.string(),
  })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], error: resetMessages.mismatch })) satisfies Fills<
  Omit<ApiBody<'/auth/reset-password', 'post'>, 'token'>
>;
