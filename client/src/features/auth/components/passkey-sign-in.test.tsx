import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, stubFetch } from '@/testing/test-utils';
import { renderRoute, sentBody } from '@/testing/render-routes';
import { offerDue } from '@/lib/auth/passkey-offer-memory';
import { LoginPage } from './login-page';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

vi.setConfig({ testTimeout: 20_000 });

const options = { challenge: 'c-1', rpId: 'localhost', allowCredentials: [], userVerification: 'required' };
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'x', authenticatorData: 'y', signature: 'z' },
  clientExtensionResults: {},
};
const authAnswer = { success: true, token: 'jwt-pk', userId: 'u1', email: 'asha@example.com', fullName: 'Asha Rao' };
const USE = 'Use a passkey (fingerprint or face)';

describe('Login: sign in with a passkey', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'PublicKeyCredential',
      Object.assign(function PublicKeyCredential() {}, { isUserVerifyingPlatformAuthenticatorAvailable: async () => true }),
    );
    webauthn.startAuthentication.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('asks the device for a passkey and signs in with it, landing on /dashboard; the password form keeps the only "Sign In" button', async () => {
    webauthn.startAuthentication.mockResolvedValue(assertion);
    const fetchMock = stubFetch({
      'POST /auth/passkeys/login-options': { body: { success: true, data: options } },
      'POST /auth/passkeys/login': { body: authAnswer },
      'GET /auth/profile': { body: { success: true, data: makeUser({ id: 'u1' }) } },
    });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    expect(screen.getAllByRole('button', { name: /sign in/i })).toHaveLength(1);
    const group = screen.getByRole('group', { name: 'Sign in with a passkey' });
    await userEvent.setup().click(screen.getByRole('button', { name: USE }));
    expect(await screen.findByText('/dashboard page')).toBeInTheDocument();
    expect(group).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('jwt-pk');
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(sentBody(fetchMock, 'POST /auth/passkeys/login-options')).toEqual({});
    expect(sentBody(fetchMock, 'POST /auth/passkeys/login')).toEqual({ credential: assertion });
    expect(offerDue('u1')).toBe(true); // a sign-in: the phone offer may follow
  });

  it('says so when the person closes the passkey sheet, and shows the server’s refusal in its words', async () => {
    webauthn.startAuthentication.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    stubFetch({
      'POST /auth/passkeys/login-options': { body: { success: true, data: options } },
      'POST /auth/passkeys/login': {
        status: 401,
        body: { success: false, statusCode: 401, error: "This passkey isn't registered with WakeStake. Sign in with your email and password." },
      },
    });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: USE }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was chosen. Try again, or sign in with your email and password.');
    webauthn.startAuthentication.mockResolvedValue(assertion);
    await user.click(screen.getByRole('button', { name: USE }));
    expect(await screen.findByText(/This passkey isn't registered with WakeStake/)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is not offered where the browser has no WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    stubFetch({});
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    expect(screen.queryByRole('button', { name: USE })).toBeNull();
  });
});
