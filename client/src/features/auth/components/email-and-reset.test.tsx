import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, stubFetch } from '@/testing/test-utils';
import { input, renderRoute, sentBody, sentUrl, typeIn } from '@/testing/render-routes';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { forgetVerifyRequests, VerifyEmailPage } from './verify-email-page';

// Form flows with Chakra in jsdom are slow on a busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.useRealTimers());

const click = (name: string | RegExp) => userEvent.setup().click(screen.getByRole('button', { name }));

describe('/verify-email', () => {
  beforeEach(() => forgetVerifyRequests());

  it('shows progress, not a failure, until the answer arrives', async () => {
    let answer!: (r: Response) => void;
    // stubFetch types a route function as throwing; this one answers when the test says so.
    stubFetch({ 'POST /auth/verify-email': (() => new Promise<Response>((resolve) => (answer = resolve))) as () => never });
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=slow' });
    expect(screen.getByText(/Verifying your email/)).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByText('Verification Failed')).not.toBeInTheDocument();
    const body = JSON.stringify({ success: true, message: 'Email verified successfully! You can now log in.' });
    answer(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByText('Email verified!')).toBeInTheDocument();
    expect(screen.queryByText('Verification Failed')).not.toBeInTheDocument();
  });

  it('a page mounted again for the same link spends it once and still shows success', async () => {
    const fetchMock = stubFetch({ 'POST /auth/verify-email': { body: { success: true, message: 'Email verified successfully! You can now log in.' } } });
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=twice' });
    cleanup();
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=twice' });
    expect(await screen.findByText('Email verified!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a signed-in user who verifies has the profile re-read, so the verify-email banner goes', async () => {
    stubFetch({ 'POST /auth/verify-email': { body: { success: true, message: 'Email verified successfully! You can now log in.' } } });
    const auth = fakeAuth({ user: makeUser({ isEmailVerified: false }) });
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=signed-in', auth });
    expect(await screen.findByText('Email verified!')).toBeInTheDocument();
    expect(auth.refreshUser).toHaveBeenCalledTimes(1);
  });

  it("a used link of an account already verified says 'Already verified', not a failure", async () => {
    stubFetch({
      'POST /auth/verify-email': { status: 400, body: { success: false, statusCode: 400, error: 'This email is already verified. You can log in.' } },
    });
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=used-verified' });
    expect(await screen.findByText('Already verified')).toBeInTheDocument();
    expect(screen.getByText('This email is already verified. You can log in.')).toBeInTheDocument();
    expect(screen.queryByText('Verification Failed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/login');
  });

  it('without a token: the invalid-link message and the three ways out', () => {
    stubFetch({});
    renderRoute('/verify-email', <VerifyEmailPage />);
    expect(screen.getByText('Verification Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid verification link. Please check your email for the correct link.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register Again' })).toHaveAttribute('href', '/register');
  });

  it('verifies the token once and goes to /login after 3 seconds with a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({ 'POST /auth/verify-email': { body: { success: true, message: 'Email verified successfully! You can now log in.' } } });
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=abc123' });
    expect(screen.getByText(/Verifying your email/)).toBeInTheDocument();
    expect(await screen.findByText('Redirecting to login in 3 seconds...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Login' })).toBeInTheDocument();
    expect(sentUrl(fetchMock, 'POST /auth/verify-email')?.searchParams.get('token')).toBe('abc123');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(await screen.findByText('/login page: Email verified successfully! You can now log in.')).toBeInTheDocument();
  });

  it("shows the server's refusal for a used or expired link", async () => {
    stubFetch({
      'POST /auth/verify-email': {
        status: 400,
        body: { success: false, statusCode: 400, error: 'Verification link is invalid or has expired. Please request a new verification email.' },
      },
    });
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=used' });
    expect(await screen.findByText('Verification Failed')).toBeInTheDocument();
    expect(screen.getByText('Verification link is invalid or has expired. Please request a new verification email.')).toBeInTheDocument();
  });

  it("'Verification failed. Please try again.' when the server cannot be reached", async () => {
    stubFetch({
      'POST /auth/verify-email': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoute('/verify-email', <VerifyEmailPage />, { at: '/verify-email?token=t' });
    expect(await screen.findByText('Verification failed. Please try again.')).toBeInTheDocument();
  });

  it('resend without a stored registration email asks to register again', async () => {
    const fetchMock = stubFetch({});
    renderRoute('/verify-email', <VerifyEmailPage />);
    await click('Resend Verification Email');
    expect(await screen.findByText('Registration email not found. Please register again.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("resend uses registrationEmail and shows the server's message", async () => {
    localStorage.setItem('registrationEmail', 'asha@example.com');
    const fetchMock = stubFetch({ 'POST /auth/resend-verification': { body: { success: true, message: 'A verification email has been sent.' } } });
    renderRoute('/verify-email', <VerifyEmailPage />);
    await click('resend verification email');
    expect(await screen.findByText('A verification email has been sent.')).toBeInTheDocument();
    expect(sentUrl(fetchMock, 'POST /auth/resend-verification')?.searchParams.get('email')).toBe('asha@example.com');
  });

  it("resend falls back to the default success text, and 'Failed to resend email. Please try again.' on failure", async () => {
    localStorage.setItem('registrationEmail', 'asha@example.com');
    stubFetch({ 'POST /auth/resend-verification': { body: { success: true } } });
    renderRoute('/verify-email', <VerifyEmailPage />);
    await click('Resend Verification Email');
    expect(await screen.findByText('Verification email sent successfully! Please check your inbox.')).toBeInTheDocument();

    stubFetch({ 'POST /auth/resend-verification': { status: 500, body: {} } });
    await click('Resend Verification Email');
    expect(await screen.findByText('Failed to resend email. Please try again.')).toBeInTheDocument();
  });
});

describe('/forgot-password', () => {
  it("requires an email: 'Please enter your email address'", async () => {
    const fetchMock = stubFetch({});
    renderRoute('/forgot-password', <ForgotPasswordPage />);
    await click('Send Reset Link');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends {email}, shows 'Reset Link Sent!' with the server message, and 'Send to Different Email' resets", async () => {
    const fetchMock = stubFetch({ 'POST /auth/forgot-password': { body: { success: true, message: 'If an account exists, a link has been sent.' } } });
    renderRoute('/forgot-password', <ForgotPasswordPage />);
    typeIn(input(/^email/i), 'asha@example.com');
    await click('Send Reset Link');
    expect(await screen.findByRole('heading', { name: 'Reset Link Sent!' })).toBeInTheDocument();
    expect(screen.getByText('If an account exists, a link has been sent.')).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(sentBody(fetchMock, 'POST /auth/forgot-password')).toEqual({ email: 'asha@example.com' });
    await click('Send to Different Email');
    expect(input(/^email/i)).toHaveValue('');
  });

  it("'Failed to send reset email. Please try again.' when the call fails", async () => {
    stubFetch({ 'POST /auth/forgot-password': { status: 500, body: {} } });
    renderRoute('/forgot-password', <ForgotPasswordPage />);
    typeIn(input(/^email/i), 'asha@example.com');
    await click('Send Reset Link');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email. Please try again.');
  });
});

describe('/reset-password', () => {
  it('without a token: the invalid state with its two ways out', () => {
    stubFetch({});
    renderRoute('/reset-password', <ResetPasswordPage />);
    expect(screen.getByText('Invalid reset link. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it("an expired link: 'Reset link is invalid or has expired.'", async () => {
    stubFetch({ 'GET /auth/verify-reset-token': { body: { success: true, valid: false, message: 'Reset link is invalid or has expired.' } } });
    renderRoute('/reset-password', <ResetPasswordPage />, { at: '/reset-password?token=old' });
    expect(screen.getByText(/Checking your reset link/)).toBeInTheDocument();
    expect(await screen.findByText('Reset link is invalid or has expired.')).toBeInTheDocument();
  });

  it('live indicators: at least 8 characters, passwords match; submit disabled until both hold', async () => {
    stubFetch({ 'GET /auth/verify-reset-token': { body: { success: true, valid: true } } });
    renderRoute('/reset-password', <ResetPasswordPage />, { at: '/reset-password?token=ok' });
    const submit = await screen.findByRole('button', { name: 'Reset Password' });
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    typeIn(input(/^new password/i), 'short');
    typeIn(input(/^confirm new password/i), 'shor');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    typeIn(input(/^new password/i), 'long-enough');
    expect(submit).toBeDisabled();
    typeIn(input(/^confirm new password/i), 'long-enough');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('resets with {token,newPassword,confirmPassword} and goes to /login after 3 seconds with the message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({
      'GET /auth/verify-reset-token': { body: { success: true, valid: true } },
      'POST /auth/reset-password': { body: { success: true, message: 'Password reset successfully! Please login with your new password.' } },
    });
    renderRoute('/reset-password', <ResetPasswordPage />, { at: '/reset-password?token=tok' });
    await screen.findByRole('button', { name: 'Reset Password' });
    typeIn(input(/^new password/i), 'new-password-1');
    typeIn(input(/^confirm new password/i), 'new-password-1');
    await click('Reset Password');
    expect(await screen.findByText('Redirecting to login in 3 seconds...')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST /auth/reset-password')).toEqual({ token: 'tok', newPassword: 'new-password-1', confirmPassword: 'new-password-1' });
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(await screen.findByText('/login page: Password reset successfully! Please login with your new password.')).toBeInTheDocument();
  });

  it("'Password reset failed. Please try again.' when the call fails", async () => {
    stubFetch({
      'GET /auth/verify-reset-token': { body: { success: true, valid: true } },
      'POST /auth/reset-password': { status: 500, body: {} },
    });
    renderRoute('/reset-password', <ResetPasswordPage />, { at: '/reset-password?token=tok' });
    await screen.findByRole('button', { name: 'Reset Password' });
    typeIn(input(/^new password/i), 'new-password-1');
    typeIn(input(/^confirm new password/i), 'new-password-1');
    await click('Reset Password');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Password reset failed. Please try again.'));
  });
});
