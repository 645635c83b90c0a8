import { Check, email, oneTimeToken, password, presentPassword, requiredText, wakeUpTime } from './check.js';

export class RegisterDto {
  @Check(requiredText('Full name', 100), { required: true }) fullName: string;
  @Check(email(), { required: true }) email: string;
  @Check(password(), { required: true }) password: string;
  /** Optional: when sent it must match. */
  @Check((v) => (typeof v === 'string' ? null : 'Confirm password must be text')) confirmPassword?: string;
  @Check(wakeUpTime) preferredWakeUpTime?: string | null;
  @Check((v) =>
    Array.isArray(v) && v.length <= 10 && v.every((s) => typeof s === 'string' && s.trim() !== '' && s.length <= 100)
      ? null
      : 'Sleep challenges must be a list of up to 10 short texts',
  )
  sleepChallenges?: string[];
}

export class LoginDto {
  @Check(email(), { required: true }) email: string;
  @Check(presentPassword(), { required: true }) password: string;
}

export class GoogleDto {
  @Check((v) => (typeof v === 'string' && v.trim() !== '' && v.length < 8192 ? null : 'Google ID token is required'), { required: true })
  idToken: string;
}

/** Query or body: token (verify-email). */
export class TokenInputDto {
  @Check(oneTimeToken('Invalid verification link. Please check your email for the correct link.')) token?: string;
}

/** Query or body: email (resend-verification, forgot-password). */
export class EmailInputDto {
  @Check(email('Please enter your email address')) email?: string;
}

/** Query form (token, newPassword) or body form (token, newPassword, confirmPassword). */
export class ResetPasswordDto {
  @Check(oneTimeToken('Invalid reset link. Please request a new password reset.')) token?: string;
  @Check(password('New password')) newPassword?: string;
  @Check((v) => (typeof v === 'string' ? null : 'Confirm password must be text')) confirmPassword?: string;
}

export class VerifyResetTokenDto {
  @Check(oneTimeToken('Invalid reset link. Please request a new password reset.')) token?: string;
}

export class ChangePasswordDto {
  @Check(presentPassword('Current password'), { required: true }) currentPassword: string;
  @Check(password('New password'), { required: true }) newPassword: string;
  @Check((v) => (typeof v === 'string' ? null : 'Confirm password must be text')) confirmPassword?: string;
}
