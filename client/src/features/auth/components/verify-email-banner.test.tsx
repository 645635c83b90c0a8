import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { sentUrl } from '@/testing/render-routes';
import { VerifyEmailBanner } from './verify-email-banner';

vi.setConfig({ testTimeout: 20_000 });

const unverified = () => fakeAuth({ user: makeUser({ email: 'asha@example.com', isEmailVerified: false }) });

describe('verify-email banner', () => {
  it('asks a signed-in user with an unverified email to verify, naming the address', () => {
    stubFetch({});
    renderWithProviders(<VerifyEmailBanner />, { auth: unverified() });
    expect(screen.getByRole('region', { name: 'Email verification' })).toHaveTextContent('Please verify your email');
    expect(screen.getByText(/We sent a link to asha@example.com/)).toBeInTheDocument();
  });

  it('is not shown once the email is verified, nor to a visitor', () => {
    stubFetch({});
    renderWithProviders(<VerifyEmailBanner />, { auth: fakeAuth({ user: makeUser({ isEmailVerified: true }) }) });
    expect(screen.queryByText('Please verify your email')).not.toBeInTheDocument();
    renderWithProviders(<VerifyEmailBanner />, { auth: fakeAuth() });
    expect(screen.queryByText('Please verify your email')).not.toBeInTheDocument();
  });

  it("Resend sends to the user's own email and shows the server's answer", async () => {
    const fetchMock = stubFetch({
      'POST /auth/resend-verification': { body: { success: true, message: 'If that account needs it, a new link is on its way.' } },
    });
    renderWithProviders(<VerifyEmailBanner />, { auth: unverified() });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If that account needs it, a new link is on its way.');
    expect(sentUrl(fetchMock, 'POST /auth/resend-verification')?.searchParams.get('email')).toBe('asha@example.com');
  });

  it('a rate-limited resend (429) says to wait', async () => {
    stubFetch({
      'POST /auth/resend-verification': { status: 429, body: { success: false, statusCode: 429, error: 'Too many requests. Please try again in 15 minutes.' } },
    });
    renderWithProviders(<VerifyEmailBanner />, { auth: unverified() });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in 15 minutes.');
  });

  it('a 429 without words still says to wait', async () => {
    stubFetch({ 'POST /auth/resend-verification': { status: 429 } });
    renderWithProviders(<VerifyEmailBanner />, { auth: unverified() });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait a few minutes before asking for another email.');
  });
});
