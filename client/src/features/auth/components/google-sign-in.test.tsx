import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { stubFetch } from '@/testing/test-utils';
import { renderRoute, sentBody } from '@/testing/render-routes';
import type { GoogleCredentialResponse } from '../api/google-sdk';
import { googleFailureMessage } from './google-sign-in';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

// Form flows with Chakra in jsdom are slow on a busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const config = (googleClientId: string | null) => ({
  'GET /config': { body: { success: true, data: { testMode: true, paymentsProvider: 'sandbox', razorpayKeyId: 'k', googleClientId } } },
});

type GoogleWindow = Window & { google?: unknown };

function installFakeGoogle() {
  let callback: ((r: GoogleCredentialResponse) => void) | undefined;
  const id = {
    initialize: vi.fn((o: { callback: (r: GoogleCredentialResponse) => void }) => {
      callback = o.callback;
    }),
    renderButton: vi.fn(),
  };
  (window as GoogleWindow).google = { accounts: { id } };
  return { id, credential: (r: GoogleCredentialResponse) => act(async () => callback?.(r)) };
}

async function openGoogleTab() {
  await userEvent.setup().click(screen.getByRole('tab', { name: 'Google' }));
}

describe('Google tab', () => {
  beforeEach(() => {
    delete (window as GoogleWindow).google;
    document.querySelectorAll('script[src*="accounts.google.com"]').forEach((s) => s.remove());
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (window as GoogleWindow).google;
  });

  it("says 'Google sign-in is not configured' when the server has no client id, and loads no script", async () => {
    stubFetch(config(null));
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await openGoogleTab();
    expect(await screen.findByText('Google sign-in is not configured')).toBeInTheDocument();
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).toBeNull();
  });

  it("loads Google's script only when the tab is opened, and gives up after 10 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(config('client-1.apps.googleusercontent.com'));
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).toBeNull();
    await openGoogleTab();
    await waitFor(() => expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText('Google Sign-In SDK failed to load')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByText('Google Sign-In SDK failed to load')).toBeInTheDocument();
  });

  it('sends the credential to POST /auth/google and goes on to /dashboard', async () => {
    const google = installFakeGoogle();
    const fetchMock = stubFetch({
      ...config('client-1'),
      'POST /auth/google': { body: { success: true, token: 'g-jwt', userId: 'u1', email: 'asha@example.com' } },
      'GET /auth/profile': { body: { success: true, data: { id: 'u1', email: 'asha@example.com' } } },
    });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await openGoogleTab();
    await waitFor(() => expect(google.id.renderButton).toHaveBeenCalled());
    expect(google.id.initialize.mock.calls[0][0]).toMatchObject({ client_id: 'client-1' });
    await google.credential({ credential: 'id-token-1' });
    expect(await screen.findByText('/dashboard page')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST /auth/google')).toEqual({ idToken: 'id-token-1' });
    expect(localStorage.getItem('token')).toBe('g-jwt');
  });

  it("says 'No credential received from Google' when Google hands back nothing", async () => {
    const google = installFakeGoogle();
    stubFetch(config('client-1'));
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await openGoogleTab();
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    await google.credential({});
    expect(await screen.findByText('No credential received from Google')).toBeInTheDocument();
  });

  it("login: 'Google authentication failed: {message}'", async () => {
    const google = installFakeGoogle();
    stubFetch({ ...config('client-1'), 'POST /auth/google': { status: 400, body: { success: false, statusCode: 400, error: 'Invalid Google token' } } });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await openGoogleTab();
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    await google.credential({ credential: 'bad' });
    expect(await screen.findByText('Google authentication failed: Invalid Google token')).toBeInTheDocument();
  });

  it("register: 'Google registration failed: {message}'", async () => {
    const google = installFakeGoogle();
    stubFetch({ ...config('client-1'), 'POST /auth/google': { status: 400, body: { success: false, statusCode: 400, error: 'Invalid Google token' } } });
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await openGoogleTab();
    // the consent box comes first: no Google button until it is ticked
    expect(screen.getByText('Tick the box above to continue with Google.')).toBeInTheDocument();
    expect(google.id.initialize).not.toHaveBeenCalled();
    // the email tab's own box leaves the accessible page once its panel has closed (a frame later on a busy machine)
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /I am 18 or older/ })).toHaveLength(1));
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    await google.credential({ credential: 'bad' });
    expect(await screen.findByText('Google registration failed: Invalid Google token')).toBeInTheDocument();
  });

  it("'Google authentication failed - no token received' when the answer has no token", async () => {
    const google = installFakeGoogle();
    stubFetch({ ...config('client-1'), 'POST /auth/google': { body: { success: true, email: 'asha@example.com' } } });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await openGoogleTab();
    await waitFor(() => expect(google.id.initialize).toHaveBeenCalled());
    await google.credential({ credential: 'ok' });
    expect(await screen.findByText('Google authentication failed - no token received')).toBeInTheDocument();
  });

  it('googleFailureMessage uses the server words, else the catalogue message', () => {
    expect(googleFailureMessage(new ApiError(500, 'Server error. Please try again later'), 'login')).toBe(
      'Google authentication failed: Server error. Please try again later',
    );
  });
});
