import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi } from '@/features/wallet/testing/api-stub';
import NotificationsMenu from './notifications-menu';

vi.setConfig({ testTimeout: 30000 });

describe('NotificationsMenu', () => {
  it('names the bell with the unread count, lists notifications and marks one read', async () => {
    const api = stubApi((call) => {
      if (call.method === 'GET' && call.path === '/wallet/notifications')
        return {
          body: {
            success: true,
            data: {
              notifications: [
                { id: 'n1', type: 'DEPOSIT_CREDITED', title: 'Money added', message: '₹500 was added to your wallet.', isRead: false, createdAt: '2026-03-01T04:00:00.000Z' },
                { id: 'n2', type: 'WITHDRAWAL_PAID', title: 'Withdrawal paid', message: '₹198 was sent to your UPI id.', isRead: true, createdAt: '2026-02-28T04:00:00.000Z' },
              ],
              unreadCount: 1,
            },
          },
        };
      if (call.method === 'PUT' && call.path === '/wallet/notifications/n1/read') return { body: { success: true, data: { id: 'n1', isRead: true } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsMenu />, { auth: fakeAuth({ user: makeUser() }) });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    await user.click(await screen.findByText(/Money added/));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT' && c.path === '/wallet/notifications/n1/read')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
