import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi, type StubCall } from '@/testing/api-stub';
import { statementRange } from './statement-download';
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** 45 deposits, newest first, as the server pages them (page from 0, 20 a page). */
function paged(call: StubCall) {
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('size'));
  const all = Array.from({ length: 45 }, (_, i) => ({
    id: `d${45 - i}`,
    type: 'DEPOSIT',
    amount: 45 - i,
    credit: true,
    debit: false,
    status: 'SUCCESS',
    timestamp: '2026-03-01T04:00:00.000Z',
  }));
  return { body: { success: true, data: { transactions: all.slice(page * size, page * size + size), page, size, total: all.length } } };
}

const listCalls = (calls: StubCall[]) => calls.filter((c) => c.path === '/wallet/transactions');

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
    const { api } = setup((call) =>
      call.path === '/wallet/transactions' ? { body: { success: true, data: { transactions: txs, page: 0, size: 20, total: 3 } } } : undefined,
    );
    expect(screen.getByText('Loading transactions...')).toBeInTheDocument();
    const items = await screen.findAllByTestId('transaction');
    expect(items).toHaveLength(3);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹775');

    const w = within(items[0]);
    expect(w.getByText('Withdrawal')).toBeInTheDocument();
    expect(w.getByText('−₹200')).toBeInTheDocument();
    expect(w.getByText('Processing')).toBeInTheDocument();
    expect(w.getByText('Ref: w-1')).toBeInTheDocument();
    expect(w.getByText(/2 Mar 2026 · 7:00 AM IST/)).toBeInTheDocument();

    expect(within(items[1]).getByText('−₹25')).toBeInTheDocument();
    expect(within(items[1]).getByText(/2 Mar 2026 · 12:15 AM IST/)).toBeInTheDocument();
    expect(within(items[2]).getByText('+₹1,000')).toBeInTheDocument();
    expect(within(items[2]).getByText('Done')).toBeInTheDocument();

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

  it('pages through every transaction: Next asks the next page, Previous goes back', async () => {
    const { api, user } = setup((call) => (call.path === '/wallet/transactions' ? paged(call) : undefined));
    expect(await screen.findAllByTestId('transaction')).toHaveLength(20);
    expect(screen.getByTestId('transactions-range')).toHaveTextContent('1–20 of 45');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('transactions-range')).toHaveTextContent('21–40 of 45'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('transactions-range')).toHaveTextContent('41–45 of 45'));
    expect(screen.getAllByTestId('transaction')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(listCalls(api.calls).map((c) => c.query.get('page'))).toEqual(['0', '1', '2']);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('transactions-range')).toHaveTextContent('21–40 of 45'));
  });

  it('filters by IST dates from the first page, and says a backwards range instead of asking it', async () => {
    const { api, user } = setup((call) => (call.path === '/wallet/transactions' ? paged(call) : undefined));
    await screen.findAllByTestId('transaction');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('transactions-range')).toHaveTextContent('21–40'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(listCalls(api.calls).some((c) => c.query.get('startDate') === '2026-03-01' && c.query.get('endDate') === '2026-03-31')).toBe(true),
    );
    const dated = listCalls(api.calls).filter((c) => c.query.get('endDate') === '2026-03-31');
    expect(dated.every((c) => c.query.get('page') === '0')).toBe(true);
    expect(screen.getByText(/Statement for 1 Mar 2026 – 31 Mar 2026/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(listCalls(api.calls).some((c) => c.query.get('startDate') === '2026-04-01')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('retries a failed load from the error', async () => {
    let fail = true;
    const { user } = setup((call) => (call.path === '/wallet/transactions' ? (fail ? { status: 503, body: { success: false } } : paged(call)) : undefined));
    expect(await screen.findByText('Failed to load transactions')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('transaction')).toHaveLength(20);
  });

  it('downloads the statement of the dates chosen with the session token, under the name the server gives', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1');
    const { api, user } = setup((call) => (call.path === '/wallet/transactions' ? paged(call) : undefined));
    const json = api.fetchMock.getMockImplementation()!;
    const statementCalls: [string, RequestInit][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).includes('/wallet/statement.csv')) return json(input, init);
        statementCalls.push([String(input), init ?? {}]);
        return new Response('\ufeffDate (IST)\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="wakestake-statement-2026-03-01-to-2026-03-31.csv"',
          },
        });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await screen.findAllByTestId('transaction');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await user.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));

    expect(await screen.findByText('Saved wakestake-statement-2026-03-01-to-2026-03-31.csv.')).toBeInTheDocument();
    expect(saved).toEqual(['wakestake-statement-2026-03-01-to-2026-03-31.csv']);
    const [url, init] = statementCalls[0];
    expect(url).toBe('/api/v1/wallet/statement.csv?startDate=2026-03-01&endDate=2026-03-31');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it("says the server's reason when the statement cannot be made", async () => {
    const { user } = setup((call) =>
      call.path === '/wallet/transactions'
        ? paged(call)
        : call.path === '/wallet/statement.csv'
          ? { status: 400, body: { success: false, statusCode: 400, error: 'A statement covers at most 366 days' } }
          : undefined,
    );
    await screen.findAllByTestId('transaction');
    await user.click(screen.getByRole('button', { name: 'Download statement (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A statement covers at most 366 days');
  });
});

describe('statement period', () => {
  it('is the dates chosen, else this month so far', () => {
    expect(statementRange('2026-03-05', '2026-03-09', '2026-11-26')).toEqual({ startDate: '2026-03-05', endDate: '2026-03-09' });
    expect(statementRange('', '', '2026-11-26')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-26' });
    expect(statementRange('', '2026-02-14', '2026-11-26')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-14' });
  });
});
