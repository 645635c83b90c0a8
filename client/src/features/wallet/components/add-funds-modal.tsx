import { Alert, Box, Button, CloseButton, Dialog, Field, HStack, Input, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '@/lib/auth';
import { useAppConfig, useRules } from '@/lib/config';
import { isApiError } from '@/lib/api-client';
import { formatINR } from '@/lib/money';
import { FALLBACK_RULES, type Rules } from '@/lib/rules';
import { DepositRules } from './deposit-rules';
import { createDeposit, sandboxCheckout, verifyPayment, type DepositOrder } from '../api/wallet-api';
import { loadRazorpayCheckout, type RazorpayFailure } from '../api/razorpay';
import { useRefreshWallet } from '../hooks/use-wallet';

export interface AddFundsModalProps {
  open: boolean;
  onClose(): void;
  onSuccess?(): void;
}

export const DEPOSIT_MIN = FALLBACK_RULES.deposit.min;
export const DEPOSIT_MAX = FALLBACK_RULES.deposit.max;
const QUICK_AMOUNTS = [100, 500, 1000, 2000];

export const depositMessages = {
  required: 'Please enter an amount',
  whole: 'Amount must be a whole number of rupees',
  min: 'Minimum deposit amount is ₹10',
  max: 'Maximum deposit amount is ₹1,00,000',
  orderFailed: 'Failed to create payment order. Please try again.',
  gatewayUnavailable: 'Unable to load the payment gateway. Please check your connection and try again.',
  unreachable: 'Unable to verify payment status',
  cancelled: 'Payment cancelled.',
} as const;

/** The amount rule of SPEC.md section 5 (10 to 100000, step 1, required); null when valid. */
export function validateDepositAmount(raw: string, limits: Rules['deposit'] = FALLBACK_RULES.deposit): string | null {
  if (!raw.trim()) return depositMessages.required;
  const n = Number(raw);
  if (!Number.isFinite(n)) return depositMessages.required;
  if (!Number.isInteger(n)) return depositMessages.whole;
  if (n < limits.min) return limits.min === DEPOSIT_MIN ? depositMessages.min : `Minimum deposit amount is ${formatINR(limits.min)}`;
  if (n > limits.max) return limits.max === DEPOSIT_MAX ? depositMessages.max : `Maximum deposit amount is ${formatINR(limits.max)}`;
  return null;
}

type Phase =
  | { kind: 'form' }
  | { kind: 'creating' }
  | { kind: 'sandbox'; order: DepositOrder; paying?: boolean }
  | { kind: 'external'; order: DepositOrder }
  | { kind: 'verifying'; order: DepositOrder }
  | { kind: 'success'; amount: number; balance?: number };

interface VerifyProblem {
  unreachable: boolean;
  message: string;
  orderId: string;
  paymentId: string;
}

/** Add Funds: amount → order (POST /wallet/deposit) → Razorpay checkout or the sandbox sheet → POST /wallet/verify-payment. */
export function AddFundsModal({ open, onClose, onSuccess }: AddFundsModalProps) {
  const { user } = useAuth();
  const config = useAppConfig();
  const rules = useRules();
  const refreshWallet = useRefreshWallet();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<VerifyProblem | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const formId = useId();
  // The three steps that move money, each a mutation; the phase above says which one the screen is in.
  const createOrder = useMutation({ mutationFn: createDeposit });
  const sandboxPay = useMutation({ mutationFn: sandboxCheckout });
  const confirmPayment = useMutation({ mutationFn: verifyPayment });

  useEffect(() => {
    if (open) {
      setAmount('');
      setFieldError(null);
      setError(null);
      setProblem(null);
      setPhase({ kind: 'form' });
    }
  }, [open]);

  const close = () => {
    if (phase.kind === 'creating' || phase.kind === 'verifying') return;
    onClose();
  };

  const verify = async (order: DepositOrder, paymentId: string, signature?: string) => {
    setPhase({ kind: 'verifying', order });
    try {
      const result = await confirmPayment.mutateAsync({ orderId: order.orderId, paymentId, signature });
      await refreshWallet();
      setPhase({ kind: 'success', amount: result.amount ?? order.amount, balance: result.balance });
      onSuccess?.();
    } catch (e) {
      const unreachable = isApiError(e) && e.isNetworkError;
      setProblem({
        unreachable,
        message: unreachable ? depositMessages.unreachable : (isApiError(e) && (e.serverMessage ?? e.message)) || 'Payment verification failed',
        orderId: order.orderId,
        paymentId,
      });
      setPhase({ kind: 'form' });
    }
  };

  const openRazorpay = async (order: DepositOrder) => {
    const loaded = await loadRazorpayCheckout();
    if (!loaded || !window.Razorpay) {
      setError(depositMessages.gatewayUnavailable);
      setPhase({ kind: 'form' });
      return;
    }
    setPhase({ kind: 'external', order });
    const checkout = new window.Razorpay({
      key: order.keyId || config.data?.razorpayKeyId || '',
      order_id: order.orderId,
      amount: Math.round(order.amount * 100),
      currency: 'INR',
      name: 'WakeStake',
      description: 'Add funds to your wallet',
      prefill: { name: user?.fullName ?? '', email: user?.email ?? '', contact: user?.phoneNumber ?? '' },
      notes: { transactionId: order.transactionId, userId: user?.id ?? '' },
      theme: { color: '#0b5d57' },
      handler: (response) => void verify(order, response.razorpay_payment_id, response.razorpay_signature),
      modal: {
        ondismiss: () => {
          setPhase((p) => (p.kind === 'external' ? { kind: 'form' } : p));
        },
      },
    });
    checkout.on('payment.failed', (response: RazorpayFailure) => {
      setError(`Payment failed: ${response.error?.description ?? 'Unknown error'}`);
      setPhase({ kind: 'form' });
    });
    checkout.open();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateDepositAmount(amount, rules.deposit);
    setFieldError(invalid);
    setError(null);
    setProblem(null);
    if (invalid) return;
    setPhase({ kind: 'creating' });
    let created: DepositOrder;
    try {
      created = await createOrder.mutateAsync(Number(amount));
    } catch (e) {
      setError((isApiError(e) && !e.isNetworkError && e.serverMessage) || depositMessages.orderFailed);
      setPhase({ kind: 'form' });
      return;
    }
    let provider = config.data?.paymentsProvider;
    if (!provider) {
      const fresh = await config.refetch();
      provider = fresh.data?.paymentsProvider ?? 'sandbox';
    }
    if (provider === 'razorpay') await openRazorpay(created);
    else setPhase({ kind: 'sandbox', order: created });
  };

  const paySandbox = async (order: DepositOrder) => {
    setPhase({ kind: 'sandbox', order, paying: true });
    try {
      const answer = await sandboxPay.mutateAsync(order.orderId);
      await verify(order, answer.razorpay_payment_id, answer.razorpay_signature);
    } catch (e) {
      setError(`Payment failed: ${(isApiError(e) && (e.serverMessage ?? e.message)) || 'Unknown error'}`);
      setPhase({ kind: 'form' });
    }
  };

  const busy = phase.kind === 'creating' || phase.kind === 'verifying';

  return (
    <Dialog.Root open={open && phase.kind !== 'external'} onOpenChange={(e) => !e.open && close()} placement="center" closeOnInteractOutside={!busy}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {phase.kind === 'sandbox' ? (
              <SandboxSheet
                order={phase.order}
                paying={!!phase.paying}
                onPay={() => void paySandbox(phase.order)}
                onFail={() => {
                  setError('Payment failed: Payment declined by the sandbox checkout');
                  setPhase({ kind: 'form' });
                }}
                onCancel={() => {
                  setError(depositMessages.cancelled);
                  setPhase({ kind: 'form' });
                }}
              />
            ) : phase.kind === 'success' ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>Funds added</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Alert.Root status="success">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Payment successful</Alert.Title>
                      <Alert.Description>
                        {formatINR(phase.amount)} was added to your wallet.
                        {phase.balance !== undefined ? ` New balance: ${formatINR(phase.balance)}.` : ''}
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button colorPalette="brand" onClick={onClose}>
                    Done
                  </Button>
                </Dialog.Footer>
              </>
            ) : (
              <>
                <Dialog.Header>
                  <Dialog.Title>Add Funds</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate>
                    <Stack gap={4}>
                      {error ? (
                        <Alert.Root status="error">
                          <Alert.Indicator />
                          <Alert.Title>{error}</Alert.Title>
                        </Alert.Root>
                      ) : null}
                      {problem ? <VerifyProblemAlert problem={problem} /> : null}
                      <Field.Root required invalid={!!fieldError}>
                        <Field.Label>
                          Amount (₹)
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <Input
                          name="amount"
                          type="number"
                          inputMode="numeric"
                          min={rules.deposit.min}
                          max={rules.deposit.max}
                          step={1}
                          value={amount}
                          placeholder="Enter amount"
                          onChange={(e) => {
                            setAmount(e.target.value);
                            if (fieldError) setFieldError(null);
                          }}
                        />
                        {fieldError ? (
                          <Field.ErrorText>{fieldError}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>
                            From {formatINR(rules.deposit.min)} to {formatINR(rules.deposit.max)}
                          </Field.HelperText>
                        )}
                      </Field.Root>
                      <HStack gap={2} wrap="wrap" role="group" aria-label="Quick amounts">
                        {QUICK_AMOUNTS.map((value) => (
                          <Button key={value} size="sm" variant="outline" onClick={() => setAmount(String(value))}>
                            {formatINR(value)}
                          </Button>
                        ))}
                      </HStack>
                      <DepositRules rules={rules} />
                    </Stack>
                  </form>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={close} disabled={busy}>
                    Cancel
                  </Button>
                  <Button
                    type="submit"
                    form={formId}
                    colorPalette="brand"
                    loading={busy}
                    loadingText={phase.kind === 'verifying' ? 'Verifying...' : 'Creating order...'}
                  >
                    Add Funds
                  </Button>
                </Dialog.Footer>
              </>
            )}
            {!busy ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function VerifyProblemAlert({ problem }: { problem: VerifyProblem }) {
  return (
    <Alert.Root status={problem.unreachable ? 'warning' : 'error'} role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{problem.unreachable ? depositMessages.unreachable : 'Payment verification failed'}</Alert.Title>
        <Alert.Description>
          <Stack gap={1}>
            {problem.unreachable ? (
              <Text>Your payment may still have gone through. Check your transactions before paying again.</Text>
            ) : (
              <Text>{problem.message}</Text>
            )}
            <Text>Order ID: {problem.orderId}</Text>
            <Text>Payment ID: {problem.paymentId}</Text>
            <Text>If money left your account, contact support with these ids and we will sort it out.</Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The sandbox's stand-in for Razorpay's payment sheet (PAYMENTS_PROVIDER=sandbox): no real money moves. */
function SandboxSheet({ order, paying, onPay, onFail, onCancel }: { order: DepositOrder; paying: boolean; onPay(): void; onFail(): void; onCancel(): void }) {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Sandbox checkout</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text color="fg.muted" fontSize="sm">
            Test payments: no real money moves. This sheet stands in for Razorpay&apos;s checkout.
          </Text>
          <Box borderWidth="1px" borderColor="border" rounded="lg" p={4}>
            <Stack gap={2}>
              <Text fontWeight="semibold">WakeStake</Text>
              <Separator />
              <HStack justify="space-between">
                <Text color="fg.muted">Amount</Text>
                <Text fontWeight="bold" fontSize="xl" data-testid="sandbox-amount">
                  {formatINR(order.amount)}
                </Text>
              </HStack>
              <HStack justify="space-between" gap={4}>
                <Text color="fg.muted">Order ID</Text>
                <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                  {order.orderId}
                </Text>
              </HStack>
            </Stack>
          </Box>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button variant="ghost" onClick={onCancel} disabled={paying}>
          Cancel
        </Button>
        <Button variant="outline" colorPalette="red" onClick={onFail} disabled={paying}>
          Fail payment
        </Button>
        <Button colorPalette="brand" onClick={onPay} loading={paying} loadingText="Paying...">
          Pay {formatINR(order.amount)}
        </Button>
      </Dialog.Footer>
    </>
  );
}

export default AddFundsModal;
