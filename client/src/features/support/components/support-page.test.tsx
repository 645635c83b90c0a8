import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi } from '@/testing/api-stub';
import { SupportPage } from './support-page';

const U = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const wallet = `user:${U}:wallet`;

const ledger = {
  user: { id: U, email: 'ravi@example.com', fullName: 'Ravi' },
  account: wallet,
  balance: 485,
  entries: [
    {
      entryId: 'e1',
      postedAt: '2026-03-01T01:00:00.000Z',
      reason: 'DEPOSIT',
      correlation: { type: 'deposit', id: 'order_1' },
      amount: 500,
      runningBalance: 500,
      postings: [
        { account: 'world', amount: -500 },
        { account: wallet, amount: 500 },
      ],
      metadata: { orderId: 'order_1', paymentId: 'pay_1', gateway: 'sandbox' },
      links: { orderId: 'order_1', paymentId: 'pay_1', gateway: 'sandbox' },
    },
    {
      entryId: 'e2',
      postedAt: '2026-03-01T02:00:00.000Z',
      reason: 'CHALLENGE_STAKE',
      correlation: { type: 'challenge', id: C },
      amount: -100,
      runningBalance: 400,
      postings: [
        { account: `challenge:${C}:stake`, amount: 100 },
        { account: wallet, amount: -100 },
      ],
      links: { challengeId: C },
    },
    {
      entryId: 'e3',
      postedAt: '2026-03-02T03:30:00.000Z',
      reason: 'STAKE_REFUNDED',
      correlation: { type: 'challenge', id: C },
      amount: 85,
      runningBalance: 485,
      postings: [
        { account: `challenge:${C}:stake`, amount: -85 },
        { account: wallet, amount: 85 },
      ],
      links: { challengeId: C },
    },
  ],
  related: [
    {
      entryId: 'e4',
      postedAt: '2026-03-02T03:30:00.000Z',
      reason: 'POOL_CONTRIBUTION',
      correlation: { type: 'challenge', id: C },
      postings: [
        { account: `challenge:${C}:stake`, amount: -15 },
        { account: 'pool:2026-03-01', amount: 15 },
      ],
      links: { challengeId: C, settlementDate: '2026-03-01' },
    },
  ],
};

vi.setConfig({ testTimeout: 30000 });

describe('SupportPage', () => {
  it('finds a user and explains every rupee: postings, running balance, links, the pool movement and the access record', async () => {
    const api = stubApi((call) => {
      if (call.path === '/support/users')
        return {
          body: {
            success: true,
            data: { users: [{ id: U, email: 'ravi@example.com', fullName: 'Ravi', balance: 485, createdAt: '2026-02-01T00:00:00.000Z' }] },
          },
        };
      if (call.path === `/support/users/${U}`)
        return {
          body: {
            success: true,
            data: {
              user: { id: U, email: 'ravi@example.com', fullName: 'Ravi', role: 'USER', isEmailVerified: true, createdAt: '2026-02-01T00:00:00.000Z' },
              balance: 485,
              stats: { currentStreak: 0, longestStreak: 2, totalChallenges: 1, successfulChallenges: 0, failedChallenges: 1 },
              challenges: [],
              accessLog: [
                { id: 'a1', actorId: 's1', actorEmail: 'staff@example.com', action: 'user.detail', target: `user:${U}`, createdAt: '2026-03-03T00:00:00.000Z' },
              ],
            },
          },
        };
      if (call.path === `/support/users/${U}/ledger`) return { body: { success: true, data: ledger } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<SupportPage />, { auth: fakeAuth({ user: makeUser({ role: 'SUPPORT' }) }) });
    await user.type(screen.getByLabelText('Email, name, phone or user id'), 'ravi');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Open ravi@example.com' }));

    const entries = await screen.findAllByTestId('ledger-entry');
    expect(api.calls.find((c) => c.path === '/support/users')?.query.get('q')).toBe('ravi');
    expect(entries.map((e) => e.getAttribute('data-reason'))).toEqual(['DEPOSIT', 'CHALLENGE_STAKE', 'STAKE_REFUNDED']);
    expect(screen.getAllByTestId('running-balance').map((e) => e.textContent)).toEqual([
      'Balance after: ₹500.00',
      'Balance after: ₹400.00',
      'Balance after: ₹485.00',
    ]);
    expect(within(entries[0]).getByText('pay_1')).toBeInTheDocument();
    expect(within(entries[1]).getByText('−₹100.00')).toBeInTheDocument();
    expect(within(entries[2]).getByText(/85% of the stake/)).toBeInTheDocument();
    expect(within(entries[2]).getByTestId('pool-movement')).toHaveTextContent('₹15.00');
    expect(screen.getByTestId('ledger-ending')).toHaveTextContent('Running balance ends at ₹485.00; wallet balance ₹485.00 (they match)');
    expect(await screen.findByText('staff@example.com')).toBeInTheDocument();
    expect(screen.getByText(/0 current, 2 longest/)).toBeInTheDocument();
  });

  it('asks for at least 2 characters', async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<SupportPage />, { auth: fakeAuth({ user: makeUser({ role: 'SUPPORT' }) }) });
    await user.type(screen.getByLabelText('Email, name, phone or user id'), 'r');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter at least 2 characters')).toBeInTheDocument();
  });
});
