import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import type { RazorpayFailure, RazorpayOptions } from '../api/razorpay';
import { stubApi, type StubCall } from '@/testing/api-stub';
import { AddFundsModal, validateDepositAmount } from './add-funds-modal';

type Answer = { status?: number; body?: unknown } | 'network-error' | undefined;

const order = { orderId: 'order_ABC123', amount: 500, transactionId: 'dep-1', currency: 'INR', keyId: 'rzp_test_key' };

function setup(opts: { provider?: 'sandbox' | 'razorpay'; deposit?: Answer; verify?: Answer } = {}) {
  const api = stubApi((call: StubCall) => {
    if (call.path === '/config')
      return {
        body: { success: true, data: { testMode: true, paymentsProvider: opts.provider ?? 'sandbox', razorpayKeyId: 'rzp_test_key', googleClientId: null } },
      };
    if (call.path === '/wallet/deposit') return opts.deposit ?? { status: 201, body: { success: true, data: order } };
    if (call.path === '/wallet/sandbox/checkout')
      return { body: { razorpay_payment_id: 'pay_XYZ', razorpay_order_id: order.orderId, razorpay_signature: 'sig123' } };
    if (call.path === '/wallet/verify-payment')
      return opts.verify ?? { body: { success: true, message: 'Payment verified successfully', data: { amount: 500, balance: 1000, status: 'SUCCESS' } } };
    return undefined;
  });
  const auth = fakeAuth({ user: makeUser() });
  const onSuccess = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<AddFundsModal open onClose={onClose} onSuccess={onSuccess} />, { auth });
  return { api, auth, onSuccess, onClose, user: userEvent.setup() };
}

async function submitAmount(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = await screen.findByLabelText(/Amount/);
  await user.clear(input);
  if (value) await user.type(input, value);
  await user.click(screen.getByRole('button', { name: 'Add Funds' }));
}

vi.setConfig({ testTimeout: 30000 });

describe('validateDepositAmount', () => {
  it('requires a whole amount from 10 to 100000', () => {
    expect(validateDepositAmount('')).toBe('Please enter an amount');
    expect(validateDepositAmount('9')).toBe('Minimum deposit amount is ₹10');
    expect(validateDepositAmount('100001')).toBe('Maximum deposit amount is ₹1,00,000');
    expect(validateDepositAmount('10.5')).toBe('Amount must be a whole number of rupees');
    expect(validateDepositAmount('10')).toBeNull();
    expect(validateDepositAmount('100000')).toBeNull();
  });
});

describe('AddFundsModal', () => {
  it('shows the amount rules and calls nothing for a bad amount', async () => {
    const { user, api } = setup();
    await submitAmount(user, '');
    expect(await screen.findByText('Please enter an amount')).toBeInTheDocument();
    await submitAmount(user, '5');
    expect(await screen.findByText('Minimum deposit amount is ₹10')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/wallet/deposit')).toBe(false);
  });

  it('before paying, says what the money is for and that the whole balance can always be withdrawn', async () => {
    setup();
    const rules = await screen.findByTestId('deposit-rules');
    expect(rules).toHaveTextContent('Stakes of ₹10 to ₹100 on a morning. You need more than ₹50 in your wallet to stake.');
    expect(rules).toHaveTextContent('Withdraw part of it from ₹100 (fee ₹2 by UPI, ₹5 by bank transfer).');
    expect(rules).toHaveTextContent('You can always withdraw your whole balance, whatever the amount; below ₹100 there is no fee.');
  });

  it('pays through the sandbox checkout, verifies, refreshes and reports success', async () => {
    const { user, api, auth, onSuccess } = setup();
    await submitAmount(user, '500');
    expect(await screen.findByText('Sandbox checkout')).toBeInTheDocument();
    expect(screen.getByText('order_ABC123')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/wallet/deposit')?.body).toEqual({ amount: 500 });

    await user.click(screen.getByRole('button', { name: 'Pay ₹500' }));
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(screen.getByText(/₹500 was added to your wallet\. New balance: ₹1,000\./)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/wallet/sandbox/checkout')?.body).toEqual({ orderId: 'order_ABC123' });
    expect(api.calls.find((c) => c.path === '/wallet/verify-payment')?.body).toEqual({ orderId: 'order_ABC123', paymentId: 'pay_XYZ', signature: 'sig123' });
    expect(auth.refreshUser).toHaveBeenCalled();
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('a failed sandbox payment shows "Payment failed: …" and verifies nothing', async () => {
    const { user, api } = setup();
    await submitAmount(user, '500');
    await user.click(await screen.findByRole('button', { name: 'Fail payment' }));
    expect(await screen.findByText(/^Payment failed: /)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/wallet/verify-payment')).toBe(false);
  });

  it("shows the server's message when the order cannot be created", async () => {
    const { user } = setup({ deposit: { status: 400, body: { success: false, statusCode: 400, error: 'Deposits are paused' } } });
    await submitAmount(user, '500');
    expect(await screen.findByText('Deposits are paused')).toBeInTheDocument();
  });

  it("says 'Failed to create payment order. Please try again.' without a server message", async () => {
    const { user } = setup({ deposit: 'network-error' });
    await submitAmount(user, '500');
    expect(await screen.findByText('Failed to create payment order. Please try again.')).toBeInTheDocument();
  });

  it('a verification failure shows the order and payment ids and a support hint', async () => {
    const { user, onSuccess } = setup({
      verify: { status: 400, body: { success: false, statusCode: 400, error: 'Payment verification failed: the signature does not match' } },
    });
    await submitAmount(user, '500');
    await user.click(await screen.findByRole('button', { name: 'Pay ₹500' }));
    expect(await screen.findByText('Payment verification failed: the signature does not match')).toBeInTheDocument();
    expect(screen.getByText('Order ID: order_ABC123')).toBeInTheDocument();
    expect(screen.getByText('Payment ID: pay_XYZ')).toBeInTheDocument();
    expect(screen.getByText(/contact support/)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("an unreachable server says 'Unable to verify payment status' and that the payment may have gone through", async () => {
    const { user } = setup({ verify: 'network-error' });
    await submitAmount(user, '500');
    await user.click(await screen.findByRole('button', { name: 'Pay ₹500' }));
    expect(await screen.findByText('Unable to verify payment status')).toBeInTheDocument();
    expect(screen.getByText(/may still have gone through/)).toBeInTheDocument();
  });

  it("opens Razorpay's checkout with amount × 100, INR, prefill and notes; payment.failed shows its description; the handler verifies", async () => {
    let options: RazorpayOptions | undefined;
    let failed: ((r: RazorpayFailure) => void) | undefined;
    const open = vi.fn();
    vi.stubGlobal(
      'Razorpay',
      vi.fn(function (this: unknown, o: RazorpayOptions) {
        options = o;
        return { open, on: (_e: string, cb: (r: RazorpayFailure) => void) => (failed = cb) };
      }),
    );
    window.Razorpay = (globalThis as unknown as { Razorpay: Window['Razorpay'] }).Razorpay;
    const { user, api, onSuccess } = setup({ provider: 'razorpay' });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/config')).toBe(true));
    await submitAmount(user, '500');
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_ABC123',
      amount: 50000,
      currency: 'INR',
      prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' },
      notes: { transactionId: 'dep-1', userId: 'u1' },
    });

    act(() => failed?.({ error: { description: 'Card declined' } }));
    expect(await screen.findByText('Payment failed: Card declined')).toBeInTheDocument();

    await act(async () => options?.handler({ razorpay_payment_id: 'pay_R1', razorpay_order_id: 'order_ABC123', razorpay_signature: 's' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(api.calls.find((c) => c.path === '/wallet/verify-payment')?.body).toEqual({ orderId: 'order_ABC123', paymentId: 'pay_R1', signature: 's' });
    delete window.Razorpay;
  });
});
