import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi } from '@/testing/api-stub';
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
                {
                  id: 'n1',
                  type: 'DEPOSIT_CREDITED',
                  title: 'Money added',
                  message: '₹500 was added to your wallet.',
                  isRead: false,
                  createdAt: '2026-03-01T04:00:00.000Z',
                },
                {
                  id: 'n2',
                  type: 'WITHDRAWAL_PAID',
                  title: 'Withdrawal paid',
                  message: '₹198 was sent to your UPI id.',
                  isRead: true,
                  createdAt: '2026-02-28T04:00:00.000Z',
                },
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

  const page = (unreadCount: number) => ({
    body: {
      success: true,
      data: {
        notifications: [
          {
            id: 'n1',
            type: 'DEPOSIT_CREDITED',
            title: 'Money added',
            message: '₹500 was added to your wallet.',
            isRead: unreadCount === 0,
            createdAt: '2026-03-01T04:00:00.000Z',
          },
          { id: 'n2', type: 'SETTLEMENT_WON', title: 'You won', message: 'You won ₹3.', isRead: unreadCount < 2, createdAt: '2026-02-28T04:00:00.000Z' },
        ],
        unreadCount,
      },
    },
  });

  it('"Mark all read" marks every notification read with one call and clears the count', async () => {
    let unread = 2;
    const api = stubApi((call) => {
      if (call.method === 'GET' && call.path === '/wallet/notifications') return page(unread);
      if (call.method === 'PATCH' && call.path === '/notifications/read-all') {
        unread = 0;
        return { body: { success: true, data: { updated: 2 } } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsMenu />, { auth: fakeAuth({ user: makeUser() }) });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await screen.findByText(/Money added/);
    await user.click(screen.getByRole('menuitem', { name: 'Mark all read' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH' && c.path === '/notifications/read-all')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mark all read' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows each time in IST, marked as such', async () => {
    stubApi((call) => (call.method === 'GET' && call.path === '/wallet/notifications' ? page(1) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<NotificationsMenu />, { auth: fakeAuth({ user: makeUser() }) });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    // 04:00 UTC is 9:30 AM in India (one clock format).
    expect(await screen.findByText('1 Mar 2026, 9:30 AM IST')).toBeInTheDocument();
  });

  it('the unread badge is a one-line box as tall as itself, so its number shows', async () => {
    stubApi((call) => (call.method === 'GET' && call.path === '/wallet/notifications' ? page(2) : undefined));
    renderWithProviders(<NotificationsMenu />, { auth: fakeAuth({ user: makeUser() }) });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const badge = within(bell).getByText('2');
    expect(getComputedStyle(badge).lineHeight).toBe('1');
    expect(getComputedStyle(badge).alignItems).toBe('center');
  });

  it('a failed load says so with a Retry that asks again', async () => {
    let fail = true;
    const api = stubApi((call) => {
      if (call.method === 'GET' && call.path === '/wallet/notifications')
        return fail ? { status: 500, body: { success: false, statusCode: 500, error: 'boom' } } : page(1);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsMenu />, { auth: fakeAuth({ user: makeUser() }) });
    await user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    await screen.findByText('Failed to load notifications', {}, { timeout: 15_000 });
    fail = false;
    const before = api.calls.filter((c) => c.path === '/wallet/notifications').length;
    await user.click(screen.getByRole('menuitem', { name: 'Retry' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/wallet/notifications').length).toBeGreaterThan(before));
    expect(await screen.findByText(/Money added/)).toBeInTheDocument();
  });
});
