import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, stubFetch } from '@/testing/test-utils';
import { renderRoute, sentBody, typeIn } from '@/testing/render-routes';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

// Form flows with Chakra in jsdom are slow on a busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const profile = { success: true, data: makeUser({ phoneNumber: null, city: null, occupation: null, isProfileComplete: false }) };
const authAnswer = { success: true, token: 'jwt-1', userId: 'u1', email: 'asha@example.com', fullName: 'Asha Rao' };

async function fillLogin(email = 'asha@example.com', password = 'secret-pass') {
  const user = userEvent.setup();
  typeIn(screen.getByLabelText(/^email/i, { selector: 'input' }), email);
  typeIn(screen.getByLabelText(/^password/i, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('Login', () => {
  it('shows Email and Google tabs, a Remember me checkbox and links to forgot-password and register', () => {
    stubFetch({});
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    expect(screen.getByRole('tab', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Google' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('shows and hides the password', async () => {
    stubFetch({});
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    const input = screen.getByLabelText(/^password/i, { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('signs in, stores the token and goes to /dashboard by default', async () => {
    const fetchMock = stubFetch({ 'POST /auth/login': { body: authAnswer }, 'GET /auth/profile': { body: profile } });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await fillLogin();
    expect(await screen.findByText('/dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(sentBody(fetchMock, 'POST /auth/login')).toEqual({ email: 'asha@example.com', password: 'secret-pass' });
  });

  it('goes back to the page the user came from', async () => {
    stubFetch({ 'POST /auth/login': { body: authAnswer }, 'GET /auth/profile': { body: profile } });
    renderRoute('/login', <LoginPage />, { auth: 'real', state: { from: { pathname: '/onboarding', search: '', hash: '' } } });
    await fillLogin();
    expect(await screen.findByText('/onboarding page')).toBeInTheDocument();
  });

  it("shows the server's message when the credentials are refused", async () => {
    stubFetch({ 'POST /auth/login': { status: 401, body: { success: false, statusCode: 401, error: 'Invalid email or password' } } });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await fillLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Invalid email or password' when the server gives no message", async () => {
    stubFetch({ 'POST /auth/login': { status: 401, body: {} } });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await fillLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it("says 'Login failed - no token received' when the answer has no token", async () => {
    stubFetch({ 'POST /auth/login': { body: { success: true, email: 'asha@example.com' } } });
    renderRoute('/login', <LoginPage />, { auth: 'real' });
    await fillLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed - no token received');
  });

  it('shows the message handed over by the verification or reset screen', () => {
    stubFetch({});
    renderRoute('/login', <LoginPage />, { auth: 'real', state: { message: 'Password reset successfully! Please login with your new password.' } });
    expect(screen.getByText('Password reset successfully! Please login with your new password.')).toBeInTheDocument();
  });
});

const posts = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

async function fillRegister(values: { fullName?: string; email?: string; password?: string; confirm?: string; consent?: boolean } = {}) {
  const user = userEvent.setup();
  if (values.consent !== false) await user.click(screen.getByRole('checkbox', { name: /I am 18 or older and accept the Terms of use and Privacy policy/ }));
  const v = { fullName: 'Asha Rao', email: 'asha@example.com', password: 'long-enough-1', confirm: 'long-enough-1', ...values };
  if (v.fullName) typeIn(screen.getByLabelText(/^full name/i, { selector: 'input' }), v.fullName);
  if (v.email) typeIn(screen.getByLabelText(/^email/i, { selector: 'input' }), v.email);
  if (v.password) typeIn(screen.getByLabelText(/^password/i, { selector: 'input' }), v.password);
  if (v.confirm) typeIn(screen.getByLabelText(/^confirm password/i, { selector: 'input' }), v.confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('Register', () => {
  it("has the 'Minimum 8 characters' placeholder and a link to /login", () => {
    stubFetch({});
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    expect(screen.getByLabelText(/^password/i, { selector: 'input' })).toHaveAttribute('placeholder', 'Minimum 8 characters');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('requires all four fields', async () => {
    const fetchMock = stubFetch({});
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]); // the page reads GET /config (the terms version); nothing is sent
  });

  it('asks for the 18+ and terms box, linking both pages, and sends nothing without it', async () => {
    const fetchMock = stubFetch({});
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    await fillRegister({ consent: false });
    expect(screen.getByText('Please confirm that you are 18 or older and accept the Terms of use and Privacy policy')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('sends the terms version in force with the consent', async () => {
    const fetchMock = stubFetch({
      'GET /config': {
        body: { success: true, data: { testMode: false, paymentsProvider: 'sandbox', razorpayKeyId: 'k', googleClientId: null, termsVersion: '2026-11-26' } },
      },
      'POST /auth/register': { status: 201, body: authAnswer },
      'GET /auth/profile': { body: profile },
    });
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/config'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    await fillRegister();
    expect(await screen.findByText('/dashboard page')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST /auth/register')).toMatchObject({ termsVersion: '2026-11-26' });
  });

  it("says 'Passwords do not match' and sends nothing", async () => {
    const fetchMock = stubFetch({});
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await fillRegister({ confirm: 'something-else' });
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(posts(fetchMock)).toEqual([]); // the page reads GET /config (the terms version); nothing is sent
  });

  it('registers with the default sleep challenges, keeps registrationEmail and goes to /dashboard', async () => {
    const fetchMock = stubFetch({ 'POST /auth/register': { status: 201, body: authAnswer }, 'GET /auth/profile': { body: profile } });
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await fillRegister();
    expect(await screen.findByText('/dashboard page')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST /auth/register')).toEqual({
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      password: 'long-enough-1',
      sleepChallenges: ['Hitting snooze', 'Late night scrolling'],
    });
    expect(localStorage.getItem('registrationEmail')).toBe('asha@example.com');
    expect(localStorage.getItem('token')).toBe('jwt-1');
  });

  it("shows the server's message (e.g. email taken)", async () => {
    stubFetch({
      'POST /auth/register': {
        status: 409,
        body: { success: false, statusCode: 409, error: 'An account with this email already exists. Please log in instead.' },
      },
    });
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await fillRegister();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists. Please log in instead.');
    expect(localStorage.getItem('registrationEmail')).toBeNull();
  });

  it("falls back to 'Registration failed. Please try again.'", async () => {
    stubFetch({ 'POST /auth/register': { status: 500, body: {} } });
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await fillRegister();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed. Please try again.');
  });

  it('explains a network failure', async () => {
    stubFetch({
      'POST /auth/register': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await fillRegister();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to connect to server. Please check if the backend is running and try again.');
  });

  it("says 'Registration failed - no token received' when the answer has no token", async () => {
    stubFetch({ 'POST /auth/register': { status: 201, body: { success: true, email: 'asha@example.com' } } });
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    await fillRegister();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed - no token received'));
  });
});
