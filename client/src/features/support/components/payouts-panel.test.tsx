import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi } from '@/testing/api-stub';
import { PayoutsPanel } from './payouts-panel';

const W = '33333333-3333-4333-8333-333333333333';
const payout = {
  withdrawalId: W,
  userId: '11111111-1111-4111-8111-111111111111',
  userEmail: 'meera@example.com',
  beneficiaryName: 'Meera Iyer',
  method: 'UPI',
  upiId: 'meera@okaxis',
  accountNumber: null,
  ifscCode: null,
  bankName: null,
  amount: 300,
  fee: 2,
  netAmount: 298,
  requestedAt: '2026-03-01T04:00:00.000Z',
};

vi.setConfig({ testTimeout: 30000 });

describe('PayoutsPanel', () => {
  it('lists what staff must pay and marks one paid with the bank reference', async () => {
    let paid = false;
    const api = stubApi((call) => {
      if (call.path === '/support/payouts/pending') return { body: { success: true, data: { payouts: paid ? [] : [payout], total: paid ? 0 : 1 } } };
      if (call.path === `/support/payouts/${W}/paid` && call.method === 'POST') {
        paid = true;
        return { body: { success: true, data: { withdrawalId: W, status: 'SUCCESS' } } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PayoutsPanel />, { auth: fakeAuth({ user: makeUser({ role: 'SUPPORT' }) }) });
    expect(await screen.findByText('UPI meera@okaxis')).toBeInTheDocument();
    expect(screen.getByText('₹298')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark payout to Meera Iyer' }));
    const markPaid = screen.getByRole('button', { name: 'Mark paid' });
    expect(markPaid).toBeDisabled();
    await user.type(screen.getByLabelText('Bank reference'), 'UTR123456');
    await user.click(markPaid);
    expect(await screen.findByText(/Marked paid: Meera Iyer/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === `/support/payouts/${W}/paid`)?.body).toEqual({ bankReference: 'UTR123456' });
    expect(await screen.findByText('No payouts are waiting.')).toBeInTheDocument();
  });

  it('shows the server message when a mark is refused (already marked)', async () => {
    stubApi((call) => {
      if (call.path === '/support/payouts/pending') return { body: { success: true, data: { payouts: [payout], total: 1 } } };
      if (call.path === `/support/payouts/${W}/failed`)
        return {
          status: 400,
          body: { success: false, statusCode: 400, error: 'This payout was already marked paid', message: 'This payout was already marked paid' },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PayoutsPanel />, { auth: fakeAuth({ user: makeUser({ role: 'SUPPORT' }) }) });
    await user.click(await screen.findByRole('button', { name: 'Mark payout to Meera Iyer' }));
    await user.type(screen.getByLabelText('Why it failed'), 'account closed');
    await user.click(screen.getByRole('button', { name: 'Mark failed and refund' }));
    expect(await screen.findByText('This payout was already marked paid')).toBeInTheDocument();
  });
});
