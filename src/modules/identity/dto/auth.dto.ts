import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Check, email, oneTimeToken, password, presentPassword, requiredText, wakeUpTime } from './check.js';

const termsVersion = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= 32
    ? null
    : 'termsVersion must be the version of the terms you accepted (GET /api/v1/config termsVersion)';

export class RegisterDto {
  @ApiProperty() @Check(requiredText('Full name', 100), { required: true }) fullName: string;
  @ApiProperty() @Check(email(), { required: true }) email: string;
  @ApiProperty() @Check(password(), { required: true }) password: string;
  /** Optional: when sent it must match. */
  @ApiPropertyOptional() @Check((v) => (typeof v === 'string' ? null : 'Confirm password must be text')) confirmPassword?: string;
  @ApiPropertyOptional({ type: 'string', nullable: true, example: '06:00' }) @Check(wakeUpTime) preferredWakeUpTime?: string | null;
  @ApiPropertyOptional({ type: [String] })
  @Check((v) =>
    Array.isArray(v) && v.length <= 10 && v.every((s) => typeof s === 'string' && s.trim() !== '' && s.length <= 100)
      ? null
      : 'Sleep challenges must be a list of up to 10 short texts',
  )
  sleepChallenges?: string[];
  /** The terms version the person accepted with the sign-up form's checkbox (GET /config termsVersion); optional for API clients. */
  @ApiPropertyOptional({ description: 'the terms version accepted with the consent box (GET /config termsVersion); left out, consent is asked on first use' })
  @Check(termsVersion)
  termsVersion?: string;
}

export class LoginDto {
  @ApiProperty() @Check(email(), { required: true }) email: string;
  @ApiProperty() @Check(presentPassword(), { required: true }) password: string;
}

export class GoogleDto {
  @ApiProperty({ description: 'the ID token Google Identity Services gave the client' })
  @Check((v) => (typeof v === 'string' && v.trim() !== '' && v.length < 8192 ? null : 'Google ID token is required'), { required: true })
  idToken: string;
  /** As for register: sent when the person ticked the consent box before choosing Google. */
  @ApiPropertyOptional({ description: 'as for register: the terms version accepted with the consent box' })
  @Check(termsVersion)
  termsVersion?: string;
}

/** POST /auth/accept-terms. */
export class AcceptTermsDto {
  @ApiProperty({ description: 'the version in force (GET /config termsVersion)' }) @Check(termsVersion, { required: true }) termsVersion: string;
}

/** Query or body: token (verify-email). */
export class TokenInputDto {
  @ApiPropertyOptional() @Check(oneTimeToken('Invalid verification link. Please check your email for the correct link.')) token?: string;
}

/** Query or body: email (resend-verification, forgot-password). */
export class EmailInputDto {
  @ApiPropertyOptional() @Check(email('Please enter your email address')) email?: string;
}

/** Query form (token, newPassword) or body form (token, newPassword, confirmPassword). */
export class ResetPasswordDto {
  @ApiPropertyOptional() @Check(oneTimeToken('Invalid reset link. Please request a new password reset.')) token?: string;
  @ApiPropertyOptional() @Check(password('New password')) newPassword?: string;
  @ApiPropertyOptional() @Check((v) => (typeof v === 'string' ? null : 'Confirm password must be text')) confirmPassword?: string;
}

export class VerifyResetTokenDto {
  @Check(oneTimeToken('Invalid reset link. Please request a new password reset.')) token?: string;
}

export class ChangePasswordDto {
  @ApiProperty() @Check(presentPassword('Current password'), { required: true }) currentPassword: string;
  @ApiProperty() @Check(password('New password'), { required: true }) newPassword: string;
  @ApiPropertyOptional() @Check((v) => (typeof v === 'string' ? null : 'Confirm password must be text')) confirmPassword?: string;
}
