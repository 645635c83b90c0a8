import { describe, expect, it } from 'vitest';
import { schemaErrors } from '@/lib/forms/submit-now';
import { CONSENT_REQUIRED, forgotSchema, loginSchema, registerBody, registerSchema, resetSchema } from './auth-schemas';

const messages = (errors: Record<string, { message?: string } | undefined> | null) =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([name, e]) => [name, e?.message]));
const form = { fullName: ' Asha Rao ', email: ' asha@example.com ', password: 'long-enough-1', confirmPassword: 'long-enough-1', consent: true };

describe('sign-in form schemas', () => {
  it('login: both fields needed; the email is sent trimmed, the password as typed', () => {
    expect(loginSchema.safeParse({ email: '  ', password: 'x' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.c', password: '' }).success).toBe(false);
    expect(loginSchema.parse({ email: ' a@b.c ', password: ' secret ' })).toEqual({ email: 'a@b.c', password: ' secret ' });
  });

  it('register: each blank field and the missing consent say their own SPEC.md message', () => {
    const errors = schemaErrors(registerSchema, { fullName: ' ', email: '', password: '', confirmPassword: '', consent: false });
    expect(messages(errors)).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
      consent: CONSENT_REQUIRED,
    });
  });

  it('register: a mismatch is said under the second password even while another field is blank', () => {
    const errors = schemaErrors(registerSchema, { ...form, fullName: '', confirmPassword: 'something-else' });
    expect(messages(errors)).toEqual({ fullName: 'Full name is required', confirmPassword: 'Passwords do not match' });
  });

  it('register: the body is the trimmed name and email with the password as typed', () => {
    expect(registerBody(registerSchema.parse(form))).toEqual({ fullName: 'Asha Rao', email: 'asha@example.com', password: 'long-enough-1' });
  });

  it("forgot password: a blank email says 'Please enter your email address'", () => {
    expect(messages(schemaErrors(forgotSchema, { email: '   ' }))).toEqual({ email: 'Please enter your email address' });
    expect(forgotSchema.parse({ email: ' asha@example.com ' })).toEqual({ email: 'asha@example.com' });
  });

  it('reset password: at least 8 characters, typed twice alike', () => {
    expect(messages(schemaErrors(resetSchema, { newPassword: 'short', confirmPassword: 'short' }))).toEqual({
      newPassword: 'Password must be at least 8 characters long',
    });
    expect(messages(schemaErrors(resetSchema, { newPassword: 'long-enough', confirmPassword: 'long-enougH' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(resetSchema.safeParse({ newPassword: 'long-enough', confirmPassword: 'long-enough' }).success).toBe(true);
  });
});
