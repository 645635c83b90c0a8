import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi, type StubCall } from '@/testing/api-stub';
import { bankFormSchema, upiFormSchema } from '../utils/withdraw-schema';
import { WithdrawPage } from './withdraw-page';

type Answer = { status?: number; body?: unknown } | 'network-error' | undefined;

const branch = { ifsc: 'HDFC0001234', bank: 'HDFC Bank', branch: 'KHAR WEST', city: 'MUMBAI', state: 'MAHARASHTRA', address: 'LINKING ROAD' };
const savedBank = {
  id: '0190f0b4-0000-7000-8000-000000000001',
  type: 'BANK_TRANSFER',
  label: 'HDFC Bank ••••7788',
  upiId: null,
  accountNumber: '••••7788',
  ifscCode: 'HDFC0001234',
  accountHolderName: 'Meera Iyer',
  bankName: 'HDFC Bank',
  uses: 1,
  lastUsedAt: '2036-03-01T04:00:00.000Z',
};

function setup(handler: (call: StubCall) => Answer = () => undefined, saved: unknown[] = []) {
  const api = stubApi((call) => {
    const own = handler(call);
    if (own) return own;
    if (call.method === 'GET' && call.path === '/wallet/balance') return { body: { success: true, data: { balance: 500 } } };
    if (call.method === 'GET' && call.path === '/wallet/payout-methods') return { body: { success: true, data: { payoutMethods: saved } } };
    if (call.method === 'POST' && call.path === '/wallet/withdraw/validate')
      return { body: { success: true, data: { valid: true, errors: [] }, message: 'ok' } };
    if (call.method === 'GET' && call.path === '/ifsc/HDFC0001234') return { body: { success: true, data: branch } };
    if (call.method === 'GET' && call.path === '/ifsc/ABCD0123456')
      return { status: 404, body: { success: false, statusCode: 404, error: 'No bank branch has this IFSC' } };
    if (call.method === 'GET' && call.path.startsWith('/ifsc/'))
      return { status: 503, body: { success: false, statusCode: 503, error: 'The bank branch lookup is unavailable right now' } };
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/withdraw', element: <WithdrawPage /> }], { initialEntries: ['/withdraw'] });
  renderWithProviders(<RouterProvider router={router} />, { auth: fakeAuth({ user: makeUser({ balance: 500 }) }) });
  return { api, user: userEvent.setup() };
}

async function toBankDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Amount/), '200');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: /^Bank transfer/ }));
  await screen.findByText('Step 3 of 5: Details');
}

vi.setConfig({ testTimeout: 30000 });

describe('withdraw details schemas', () => {
  const good = {
    accountHolderName: ' Meera Iyer ',
    accountNumber: '5010 0445 5667 788',
    confirmAccountNumber: '501004455667788',
    ifscCode: 'hdfc0001234',
    bankName: 'HDFC Bank',
  };
  const issues = (v: Record<string, string>) => Object.fromEntries((bankFormSchema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('cleans valid bank details: IFSC uppercased, spaces out of the account number, names trimmed', () => {
    expect(bankFormSchema.parse(good)).toEqual({
      accountHolderName: 'Meera Iyer',
      accountNumber: '501004455667788',
      confirmAccountNumber: '501004455667788',
      ifscCode: 'HDFC0001234',
      bankName: 'HDFC Bank',
    });
  });

  it('names each bad field', () => {
    expect(issues({ ...good, ifscCode: 'HDFC1001234' })).toEqual({ ifscCode: 'Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits)' });
    expect(issues({ ...good, confirmAccountNumber: '501004455667789' })).toEqual({ confirmAccountNumber: 'Account numbers do not match' });
    expect(issues({ ...good, accountNumber: '12345', confirmAccountNumber: '12345' })).toEqual({ accountNumber: 'Account number must be 9 to 18 digits' });
    expect(issues({ ...good, accountHolderName: '  ', bankName: '' })).toEqual({
      accountHolderName: 'Enter the account holder name',
      bankName: 'Enter the bank name',
    });
    expect(issues({ ...good, confirmAccountNumber: '' })).toEqual({ confirmAccountNumber: 'Enter the account number again' });
    expect(upiFormSchema.safeParse({ upiId: 'meera' }).error?.issues[0].message).toBe('Please enter a valid UPI ID');
    expect(upiFormSchema.parse({ upiId: ' meera@okaxis ' })).toEqual({ upiId: 'meera@okaxis' });
  });
});

describe('WithdrawPage bank details, checked as typed', () => {
  it('says a bad IFSC at once, shows the branch of a good one, and flags mismatched account numbers before Continue', async () => {
    const { user, api } = setup();
    await toBankDetails(user);
    const ifsc = screen.getByLabelText(/IFSC code/);
    await user.type(ifsc, 'hdfc1');
    expect(ifsc).toHaveValue('HDFC1');
    expect(await screen.findByText(/Please enter a valid IFSC code/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/ifsc/'))).toBe(false);

    await user.clear(ifsc);
    await user.type(ifsc, 'hdfc0001234');
    expect(await screen.findByTestId('ifsc-branch')).toHaveTextContent('HDFC Bank, KHAR WEST, MUMBAI');
    expect(screen.queryByText(/Please enter a valid IFSC code/)).not.toBeInTheDocument();
    // The bank name can come from the lookup.
    await user.click(screen.getByRole('button', { name: 'Use HDFC Bank as the bank name' }));
    expect(screen.getByLabelText(/Bank name/)).toHaveValue('HDFC Bank');

    await user.type(screen.getByLabelText(/^Account number/), '501004455667788');
    await user.type(screen.getByLabelText(/Re-enter account number/), '501004455667789');
    expect(await screen.findByText('Account numbers do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Re-enter account number/));
    await user.type(screen.getByLabelText(/Re-enter account number/), '501004455667788');
    await waitFor(() => expect(screen.queryByText('Account numbers do not match')).not.toBeInTheDocument());

    // Holder name is required; a blank one on Continue says SPEC.md's message.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please fill in all bank details')).toBeInTheDocument();
    expect(screen.getByText('Enter the account holder name')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Account holder name/), 'Meera Iyer');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 4 of 5: Confirm')).toBeInTheDocument();
    expect(screen.getByText('Meera Iyer · HDFC Bank · 501004455667788 · HDFC0001234')).toBeInTheDocument();
  });

  it('stops on an IFSC no branch has, and goes on (bank name typed) when the lookup is unavailable', async () => {
    const { user } = setup();
    await toBankDetails(user);
    await user.type(screen.getByLabelText(/Account holder name/), 'Meera Iyer');
    await user.type(screen.getByLabelText(/^Account number/), '501004455667788');
    await user.type(screen.getByLabelText(/Re-enter account number/), '501004455667788');
    await user.type(screen.getByLabelText(/Bank name/), 'Some Bank');
    await user.type(screen.getByLabelText(/IFSC code/), 'ABCD0123456');
    expect(await screen.findByText('No bank branch has this IFSC')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Step 3 of 5: Details')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/IFSC code/));
    await user.type(screen.getByLabelText(/IFSC code/), 'SBIN0000001');
    expect(await screen.findByText(/Could not look up the branch right now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Step 4 of 5: Confirm')).toBeInTheDocument();
  });
});

describe('WithdrawPage saved payout methods', () => {
  it('offers a saved method, pays to it by id, and can remove it', async () => {
    const { user, api } = setup(
      (call) =>
        call.method === 'POST' && call.path === '/wallet/withdraw'
          ? {
              status: 201,
              body: {
                success: true,
                data: { transactionId: 'tx-9', amount: 200, processingFee: 5, netAmount: 195, status: 'PENDING', method: 'BANK_TRANSFER' },
              },
            }
          : call.method === 'DELETE'
            ? { body: { success: true, message: 'Saved payout method removed' } }
            : undefined,
      [savedBank],
    );
    await toBankDetails(user);
    await user.click(await screen.findByRole('button', { name: 'Use saved: HDFC Bank ••••7788' }));
    expect(screen.getByTestId('saved-choice')).toHaveTextContent('Paying to HDFC Bank ••••7788');
    expect(screen.queryByLabelText(/IFSC code/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Meera Iyer · HDFC Bank ••••7788 · HDFC0001234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    await screen.findByText('tx-9');
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/wallet/withdraw')?.body).toEqual({ amount: 200, payoutMethodId: savedBank.id });

    await user.click(screen.getByRole('button', { name: 'Make Another Withdrawal' }));
    await toBankDetails(user);
    // Back to the form: typing new details is still possible.
    expect(screen.getByLabelText(/IFSC code/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Remove saved HDFC Bank ••••7788' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `/wallet/payout-methods/${savedBank.id}`)).toBe(true));
  });
});
