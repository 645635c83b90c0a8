import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { stubApi, type StubCall } from '@/testing/api-stub';
import { WithdrawPage } from './withdraw-page';
import { amountVerdict, checkWithdrawAmount, feeOf } from './withdraw-rules';

type Handler = (call: StubCall) => { status?: number; body?: unknown } | 'network-error' | undefined;

const validAnswer = { success: true, data: { valid: false, errors: ['withdrawalMethod must be UPI, BANK_TRANSFER or BANK'] }, message: 'x' };

function setup(handler: Handler = () => undefined, balance = 500) {
  const api = stubApi((call) => {
    if (call.method === 'GET' && call.path === '/wallet/balance') return { body: { success: true, data: { balance } } };
    if (call.method === 'GET' && call.path === '/wallet/payment-methods') return { body: { success: true, data: { paymentMethods: [] } } };
    if (call.method === 'GET' && call.path === '/wallet/payout-methods') return { body: { success: true, data: { payoutMethods: [] } } };
    if (call.method === 'POST' && call.path === '/wallet/withdraw/validate') return handler(call) ?? { body: validAnswer };
    return handler(call);
  });
  const auth = fakeAuth({ user: makeUser({ balance }) });
  const router = createMemoryRouter(
    [
      { path: '/withdraw', element: <WithdrawPage /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/withdraw'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { auth });
  return { api, router, auth, user: userEvent.setup() };
}

async function enterAmount(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = screen.getByLabelText(/Amount/);
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function toDetails(user: ReturnType<typeof userEvent.setup>, method: 'UPI' | 'Bank transfer') {
  await enterAmount(user, '200');
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${method}`) }));
}

vi.setConfig({ testTimeout: 30000 });

describe('withdraw amount rules', () => {
  it('checks the amount in SPEC.md order', () => {
    expect(checkWithdrawAmount('', 500)).toBe('Please enter a valid amount');
    expect(checkWithdrawAmount('150.5', 500)).toBe('Amount must be a whole number of rupees');
    expect(checkWithdrawAmount('99', 500)).toBe('Minimum withdrawal amount is ₹100');
    // the whole balance may always leave, paise and below ₹100 included, with no fee below ₹100
    expect(checkWithdrawAmount('30.5', 30.5)).toBeNull();
    expect(checkWithdrawAmount('98.50', 98.5)).toBeNull();
    expect(checkWithdrawAmount('50', 98.5)).toBe('Minimum withdrawal amount is ₹100');
    expect(checkWithdrawAmount('30', 30.5)).toBe('Minimum withdrawal amount is ₹100');
    expect(feeOf('UPI', '30.5', 30.5)).toBe(0);
    expect(feeOf('BANK', '98.5', 98.5)).toBe(0);
    expect(feeOf('UPI', '150', 150)).toBe(2);
    expect(feeOf('BANK', '150', 500)).toBe(5);
    expect(checkWithdrawAmount('25001', 50000)).toBe('Maximum withdrawal amount is ₹25,000');
    expect(checkWithdrawAmount('600', 500)).toBe('Insufficient balance');
    expect(checkWithdrawAmount('500', 500)).toBeNull();
  });

  it('reads the server verdict: errors joined, else the message, else the fallback; method errors wait for later steps', () => {
    expect(amountVerdict({ data: { valid: true } })).toBeNull();
    expect(amountVerdict({ data: { valid: false, errors: ['withdrawalMethod must be UPI, BANK_TRANSFER or BANK'] } })).toBeNull();
    expect(
      amountVerdict({ data: { valid: false, errors: ['Insufficient balance', 'Please verify your email before withdrawing', 'Please enter a valid UPI ID'] } }),
    ).toBe('Insufficient balance, Please verify your email before withdrawing');
    expect(amountVerdict({ data: { valid: false, errors: [] }, message: 'Daily limit reached' })).toBe('Daily limit reached');
    expect(amountVerdict({ data: { valid: false } })).toBe('Withdrawal validation failed');
  });
});

describe('WithdrawPage', () => {
  it('shows every amount message and a progress indicator', async () => {
    const { user } = setup();
    expect(screen.getByText('Step 1 of 5: Amount')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('₹500')).toBeInTheDocument());
    await enterAmount(user, '');
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
    await enterAmount(user, '50');
    expect(await screen.findByText('Minimum withdrawal amount is ₹100')).toBeInTheDocument();
    await enterAmount(user, '30000');
    expect(await screen.findByText('Maximum withdrawal amount is ₹25,000')).toBeInTheDocument();
    await enterAmount(user, '600');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
  });

  it('shows server validation errors joined with a comma', async () => {
    const { user } = setup(() => ({
      body: { success: true, data: { valid: false, errors: ['Please verify your email before withdrawing', 'Limit A'] }, message: 'm' },
    }));
    await enterAmount(user, '200');
    expect(await screen.findByText('Please verify your email before withdrawing, Limit A')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Withdrawal validation failed'", async () => {
    let message: string | undefined = 'Withdrawals are paused';
    const { user } = setup(() => ({ body: { success: true, data: { valid: false, errors: [] }, message } }));
    await enterAmount(user, '200');
    expect(await screen.findByText('Withdrawals are paused')).toBeInTheDocument();
    message = undefined;
    await enterAmount(user, '200');
    expect(await screen.findByText('Withdrawal validation failed')).toBeInTheDocument();
  });

  it("says 'Validation failed. Please try again.' when validation throws", async () => {
    const { user } = setup(() => 'network-error');
    await enterAmount(user, '200');
    expect(await screen.findByText('Validation failed. Please try again.')).toBeInTheDocument();
  });

  it('withdraws everything: ₹30.50 at once, below ₹100, no fee', async () => {
    const { user, api } = setup(
      (call) =>
        call.method === 'POST' && call.path === '/wallet/withdraw'
          ? {
              status: 201,
              body: { success: true, data: { transactionId: 'tx-all', amount: 30.5, processingFee: 0, netAmount: 30.5, status: 'PENDING', method: 'UPI' } },
            }
          : undefined,
      30.5,
    );
    expect(await screen.findByTestId('withdraw-rules')).toHaveTextContent('can always be withdrawn');
    await user.click(await screen.findByRole('button', { name: /Withdraw everything \(₹30\.50\)/ }));
    expect(await screen.findByText('Step 2 of 5: Method')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/wallet/withdraw/validate')?.body).toMatchObject({ amount: 30.5 });
    expect(screen.getByText(/Fee ₹0 · Instant/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^UPI/ }));
    await user.type(await screen.findByLabelText(/UPI ID/), 'asha@okaxis');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('withdraw-fee')).toHaveTextContent('₹0');
    expect(screen.getByTestId('withdraw-net')).toHaveTextContent('₹30.50');
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText('tx-all')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/wallet/withdraw')?.body).toEqual({
      amount: 30.5,
      withdrawalMethod: 'UPI',
      upiId: 'asha@okaxis',
    });
  });

  it('goes back to /dashboard from the amount step, and to the previous step from the others', async () => {
    const { user, router } = setup();
    await enterAmount(user, '200');
    expect(await screen.findByText('Step 2 of 5: Method')).toBeInTheDocument();
    expect(screen.getByText(/Fee ₹2 · Instant/)).toBeInTheDocument();
    expect(screen.getByText(/Fee ₹5 · 24-48 hours/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(await screen.findByText('Step 1 of 5: Amount')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('withdraws by UPI: details check, confirm with fee and net, success, and Make Another Withdrawal resets', async () => {
    const { user, api, auth } = setup((call) =>
      call.method === 'POST' && call.path === '/wallet/withdraw'
        ? {
            status: 201,
            body: {
              success: true,
              data: { transactionId: 'tx-123', amount: 200, processingFee: 2, netAmount: 198, status: 'PENDING', method: 'UPI' },
              message: 'Withdrawal request submitted successfully!',
            },
          }
        : undefined,
    );
    await toDetails(user, 'UPI');
    expect(await screen.findByText('Step 3 of 5: Details')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a valid UPI ID')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/UPI ID/), 'asha@okaxis');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Step 4 of 5: Confirm')).toBeInTheDocument();
    expect(screen.getByText('₹2')).toBeInTheDocument();
    expect(screen.getByText('₹198')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));

    expect(await screen.findByText('Withdrawal request submitted successfully!')).toBeInTheDocument();
    expect(screen.getByText('tx-123')).toBeInTheDocument();
    expect(screen.getByText('₹198')).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/wallet/withdraw');
    expect(post?.body).toEqual({ amount: 200, withdrawalMethod: 'UPI', upiId: 'asha@okaxis' });
    await waitFor(() => expect(auth.refreshUser).toHaveBeenCalled());

    await user.click(screen.getByRole('button', { name: 'Make Another Withdrawal' }));
    expect(await screen.findByText('Step 1 of 5: Amount')).toBeInTheDocument();
    expect(screen.getByLabelText(/Amount/)).toHaveValue(null);
  });

  it('withdraws by bank: all four fields, IFSC uppercased, BANK_TRANSFER sent; failures show the server message or the fallback', async () => {
    let answer: { status?: number; body?: unknown } | 'network-error' = {
      status: 400,
      body: { success: false, statusCode: 400, error: 'Please enter a valid IFSC code' },
    };
    const { user, api } = setup((call) => (call.method === 'POST' && call.path === '/wallet/withdraw' ? answer : undefined));
    await toDetails(user, 'Bank transfer');
    await user.type(screen.getByLabelText(/Account holder name/), 'Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please fill in all bank details')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Account number/), '123456789012');
    await user.type(screen.getByLabelText(/Re-enter account number/), '123456789012');
    await user.type(screen.getByLabelText(/IFSC code/), 'hdfc0001234');
    expect(screen.getByLabelText(/IFSC code/)).toHaveValue('HDFC0001234');
    await user.type(screen.getByLabelText(/Bank name/), 'HDFC Bank');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('₹5')).toBeInTheDocument();
    expect(screen.getByText('₹195')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText('Please enter a valid IFSC code')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/wallet/withdraw')?.body).toEqual({
      amount: 200,
      withdrawalMethod: 'BANK_TRANSFER',
      bankDetails: { accountNumber: '123456789012', ifscCode: 'HDFC0001234', accountHolderName: 'Asha Rao', bankName: 'HDFC Bank' },
    });

    answer = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Confirm Withdrawal' }));
    expect(await screen.findByText('Withdrawal failed. Please try again.')).toBeInTheDocument();
  });
});
