import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi, type StubCall } from '../testing/api-stub';
import { formatSigned, signedAmount, TransactionsPage } from './transactions-page';

const txs = [
  {
    id: 't3',
    type: 'WITHDRAWAL',
    amount: 200,
    netAmount: 198,
    debit: true,
    credit: false,
    status: 'PENDING',
    reference: 'w-1',
    description: 'Withdrawal to UPI',
    timestamp: '2026-03-02T01:30:00.000Z',
  },
  { id: 't2', type: 'FORFEIT', amount: 25, debit: true, credit: false, status: 'SUCCESS', reference: 'c-1', timestamp: '2026-03-01T18:45:00.000Z' },
  { id: 't1', type: 'DEPOSIT', amount: 1000, debit: false, credit: true, status: 'SUCCESS', reference: 'pay_1', timestamp: '2026-03-01T04:00:00.000Z' },
];

function setup(answer: (call: StubCall) => { status?: number; body?: unknown } | 'network-error' | undefined) {
  const api = stubApi((call) => (call.path === '/wallet/balance' ? { body: { success: true, data: { balance: 775 } } } : answer(call)));
  const auth = fakeAuth({ user: makeUser({ balance: 775 }) });
  renderWithProviders(
    <MemoryRouter>
      <TransactionsPage />
    </MemoryRouter>,
    { auth },
  );
  return { api, auth, user: userEvent.setup() };
}

vi.setConfig({ testTimeout: 30000 });

describe('signed amounts', () => {
  it('makes debits negative', () => {
    expect(signedAmount({ id: 'a', type: 'WITHDRAWAL', amount: 200 })).toBe(-200);
    expect(signedAmount({ id: 'a', type: 'FORFEIT', amount: 25 })).toBe(-25);
    expect(signedAmount({ id: 'a', type: 'DEPOSIT', amount: 1000 })).toBe(1000);
    expect(signedAmount({ id: 'a', type: 'REFUND', amount: 21.25, debit: false, credit: true })).toBe(21.25);
    expect(formatSigned(-1500)).toBe('−₹1,500');
    expect(formatSigned(21.25)).toBe('+₹21.25');
  });
});

describe('TransactionsPage', () => {
  it('shows the balance and each transaction with type, IST date and time, reference, signed amount and status', async () => {
    const { api } = setup((call) => (call.path === '/wallet/transactions' ? { body: { success: true, data: { transactions: txs, page: 0, size: 20, total: 3 } } } : undefined));
    expect(screen.getByText('Loading transactions...')).toBeInTheDocument();
    const items = await screen.findAllByTestId('transaction');
    expect(items).toHaveLength(3);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹775');

    const w = within(items[0]);
    expect(w.getByText('Withdrawal')).toBeInTheDocument();
    expect(w.getByText('−₹200')).toBeInTheDocument();
    expect(w.getByText('PENDING')).toBeInTheDocument();
    expect(w.getByText('Ref: w-1')).toBeInTheDocument();
    expect(w.getByText(/2 Mar 2026 · 7:00 am IST/i)).toBeInTheDocument();

    expect(within(items[1]).getByText('−₹25')).toBeInTheDocument();
    expect(within(items[1]).getByText(/2 Mar 2026 · 12:15 am IST/i)).toBeInTheDocument();
    expect(within(items[2]).getByText('+₹1,000')).toBeInTheDocument();
    expect(within(items[2]).getByText('SUCCESS')).toBeInTheDocument();

    const list = api.calls.find((c) => c.path === '/wallet/transactions');
    expect(list?.query.get('page')).toBe('0');
    expect(list?.query.get('size')).toBe('20');
  });

  it("says 'No transactions yet.' for an empty list", async () => {
    setup((call) => (call.path === '/wallet/transactions' ? { body: { success: true, data: { transactions: [], total: 0 } } } : undefined));
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
  });

  it('reads a list at the top level too', async () => {
    setup((call) => (call.path === '/wallet/transactions' ? { body: txs } : undefined));
    expect(await screen.findAllByTestId('transaction')).toHaveLength(3);
  });

  it("says 'Failed to load transactions' when the call fails", async () => {
    setup((call) => (call.path === '/wallet/transactions' ? { status: 500, body: { success: false } } : undefined));
    expect(await screen.findByText('Failed to load transactions')).toBeInTheDocument();
  });

  it('filters by type and Refresh reloads the user and the list', async () => {
    const { api, auth, user } = setup((call) =>
      call.path === '/wallet/transactions'
        ? { body: { success: true, data: { transactions: call.query.get('type') === 'DEPOSIT' ? [txs[2]] : txs } } }
        : undefined,
    );
    expect(await screen.findAllByTestId('transaction')).toHaveLength(3);
    await user.selectOptions(screen.getByLabelText('Type'), 'DEPOSIT');
    await waitFor(() => expect(screen.getAllByTestId('transaction')).toHaveLength(1));
    expect(api.calls.some((c) => c.path === '/wallet/transactions' && c.query.get('type') === 'DEPOSIT')).toBe(true);

    const before = api.calls.filter((c) => c.path === '/wallet/transactions').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/wallet/transactions').length).toBeGreaterThan(before));
  });
});
