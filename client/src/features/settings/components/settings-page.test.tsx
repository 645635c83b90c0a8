import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { input, renderRoute, sentBody, typeIn } from '@/testing/render-routes';
import { meKey } from '@/lib/auth';
import { fakeAuth, makeUser, stubFetch, testQueryClient } from '@/testing/test-utils';
import { SettingsPage } from './settings-page';

// Form flows with Chakra in jsdom are slow on a busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const user = makeUser({
  hasPassword: true,
  settings: {
    notifications: { email: true, challengeReminders: true, walletUpdates: true },
    privacy: { showOnLeaderboard: false, shareUsageData: false },
    reminders: { push: true, mail: true, quietHours: null },
  },
});
// The Limits section reads GET /me/limits on its own; the calls these tests count are the others.
// the reads the page makes by itself: limits, the rules (GET /config) and, for closing, the balance and payout methods
const notLimits = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => !/\/me\/limits|\/config|\/wallet\/balance|\/wallet\/payout-methods/.test(String(url)));
const click = (name: string) => userEvent.setup().click(screen.getByRole('button', { name }));

function fillPasswords(current: string, next: string, confirm: string) {
  typeIn(input(/^current password/i), current);
  typeIn(input(/^new password/i), next);
  typeIn(input(/^confirm new password/i), confirm);
}

describe('/settings', () => {
  it('switches the theme and keeps it in localStorage', async () => {
    renderRoute('/settings', <SettingsPage />, { auth: fakeAuth({ user }) });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /dark theme/i }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('changes the password and keeps the fresh token the server hands back', async () => {
    localStorage.setItem('token', 'old');
    const fetchMock = stubFetch({ 'POST /auth/change-password': { body: { success: true, message: 'Password changed successfully', token: 'fresh' } } });
    renderRoute('/settings', <SettingsPage />, { auth: fakeAuth({ user }) });
    fillPasswords('old-password', 'new-password-1', 'new-password-1');
    await click('Change Password');
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(sentBody(fetchMock, 'POST /auth/change-password')).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
  });

  it('checks length and match before calling', async () => {
    const fetchMock = stubFetch({});
    renderRoute('/settings', <SettingsPage />, { auth: fakeAuth({ user }) });
    fillPasswords('old-password', 'short', 'short');
    await click('Change Password');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
    fillPasswords('old-password', 'new-password-1', 'new-password-2');
    await click('Change Password');
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(notLimits(fetchMock)).toEqual([]);
  });

  it("shows the server's refusal of a wrong current password", async () => {
    stubFetch({ 'POST /auth/change-password': { status: 400, body: { success: false, statusCode: 400, error: 'Current password is incorrect' } } });
    renderRoute('/settings', <SettingsPage />, { auth: fakeAuth({ user }) });
    fillPasswords('wrong-password', 'new-password-1', 'new-password-1');
    await click('Change Password');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Current password is incorrect'));
  });

  it('a Google-only account is told how to get a password instead of the form', () => {
    renderRoute('/settings', <SettingsPage />, { auth: fakeAuth({ user: { ...user, hasPassword: false } }) });
    expect(screen.queryByLabelText(/^current password/i, { selector: 'input' })).toBeNull();
    expect(screen.getByText(/You sign in with Google/)).toBeInTheDocument();
  });

  it('saves a notification switch on the server as settings.notifications', async () => {
    const saved = { ...user, settings: { ...user.settings, notifications: { email: true, challengeReminders: false, walletUpdates: true } } };
    const fetchMock = stubFetch({ 'PUT /auth/profile': { body: { success: true, data: saved } } });
    const client = testQueryClient();
    renderRoute('/settings', <SettingsPage />, { auth: fakeAuth({ user }), client });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /challenge reminders/i }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT /auth/profile')).toEqual({ settings: { notifications: { challengeReminders: false } } });
    expect(client.getQueryData(meKey)).toEqual(expect.objectContaining({ settings: saved.settings }));
  });

  it('saves a privacy switch, and puts it back when the save fails', async () => {
    const fetchMock = stubFetch({ 'PUT /auth/profile': { status: 500, body: {} } });
    renderRoute('/settings', <SettingsPage />, { auth: fakeAuth({ user }) });
    const toggle = screen.getByRole('checkbox', { name: /leaderboards/i });
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Failed to save settings. Please try again.')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT /auth/profile')).toEqual({ settings: { privacy: { showOnLeaderboard: true } } });
    // The switch shows the stored value again (its root's state; jsdom keeps the hidden input's own flag).
    await waitFor(() => expect(toggle.closest('label')).toHaveAttribute('data-state', 'unchecked'));
  });

  it("Delete Account asks first and shows the server's refusal", async () => {
    stubFetch({
      'DELETE /auth/account': {
        status: 409,
        body: { success: false, statusCode: 409, error: 'Your wallet still holds ₹500. Please withdraw your balance before deleting your account.' },
      },
    });
    const auth = fakeAuth({ user });
    renderRoute('/settings', <SettingsPage />, { auth });
    await click('Delete Account');
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Your wallet still holds ₹500. Please withdraw your balance before deleting your account.')).toBeInTheDocument();
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('Delete Account, once accepted, logs out and goes to /', async () => {
    const fetchMock = stubFetch({ 'DELETE /auth/account': { body: { success: true, message: 'Your account has been deleted.' } } });
    const auth = fakeAuth({ user });
    renderRoute('/settings', <SettingsPage />, { auth });
    await click('Delete Account');
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('/ page')).toBeInTheDocument();
    expect(auth.logout).toHaveBeenCalled();
    expect(notLimits(fetchMock)).toHaveLength(1);
  });

  it('Delete Account with ₹30.50 left: says the balance must be ₹0, withdraws it all, follows the payout, then closes', async () => {
    const fetchMock = stubFetch({
      'GET /wallet/balance': { body: { success: true, data: { balance: 30.5 } } },
      'GET /wallet/payout-methods': { body: { success: true, data: { payoutMethods: [] } } },
      'POST /wallet/withdraw': {
        status: 201,
        body: { success: true, data: { transactionId: 'w-all', amount: 30.5, processingFee: 0, netAmount: 30.5, status: 'PENDING', method: 'UPI' } },
      },
      'GET /wallet/transactions/w-all': {
        body: { success: true, data: { id: 'w-all', type: 'WITHDRAWAL', amount: 30.5, netAmount: 30.5, processingFee: 0, status: 'SUCCESS' } },
      },
      'DELETE /auth/account': { body: { success: true, message: 'Your account has been deleted.' } },
    });
    const auth = fakeAuth({ user });
    renderRoute('/settings', <SettingsPage />, { auth });
    await click('Delete Account');
    const dialog = await screen.findByRole('alertdialog');
    expect(await within(dialog).findByText(/Your wallet holds ₹30\.50: we withdraw all of it first \(no fee below ₹100\)/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('close-rule')).toHaveTextContent('To close, your balance must be ₹0');
    const u = userEvent.setup();
    await u.click(within(dialog).getByRole('button', { name: 'Withdraw ₹30.50 and close' }));
    expect(await within(dialog).findByText('Please enter a valid UPI ID')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('UPI ID'), 'asha@okaxis');
    await u.click(within(dialog).getByRole('button', { name: 'Withdraw ₹30.50 and close' }));
    expect(await screen.findByText('/ page', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(auth.logout).toHaveBeenCalled();
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).includes('/wallet/withdraw') && init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ amount: 30.5, withdrawalMethod: 'UPI', upiId: 'asha@okaxis' });
    const order = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url), 'http://x').pathname}`);
    expect(order.indexOf('DELETE /api/v1/auth/account')).toBeGreaterThan(order.indexOf('GET /api/v1/wallet/transactions/w-all'));
  });
});
