import { Alert, Badge, Box, Button, Card, Container, DataList, Field, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { formatINR } from '@/lib/format';
import { requestWithdrawal, validateWithdrawal, type BankDetails, type WithdrawalInput, type WithdrawalResult } from '../api/wallet-api';
import { useBalance, usePaymentMethods, useRefreshWallet } from '../hooks/use-wallet';

export const WITHDRAW_MIN = 100;
export const WITHDRAW_MAX = 25000;
export const FEES = { UPI: 2, BANK: 5 } as const;
export type Method = keyof typeof FEES;

export const withdrawMessages = {
  invalidAmount: 'Please enter a valid amount',
  whole: 'Amount must be a whole number of rupees',
  min: 'Minimum withdrawal amount is ₹100',
  max: 'Maximum withdrawal amount is ₹25,000',
  insufficient: 'Insufficient balance',
  validationFailed: 'Withdrawal validation failed',
  validationException: 'Validation failed. Please try again.',
  upi: 'Please enter a valid UPI ID',
  bank: 'Please fill in all bank details',
  failed: 'Withdrawal failed. Please try again.',
  success: 'Withdrawal request submitted successfully!',
} as const;

const STEPS = ['Amount', 'Method', 'Details', 'Confirm', 'Done'] as const;
type Step = 0 | 1 | 2 | 3 | 4;

const UPI_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** SPEC.md section 5's client checks on the amount; null when it may go to the server. */
export function checkWithdrawAmount(raw: string, balance: number): string | null {
  const n = Number(raw);
  if (!raw.trim() || !Number.isFinite(n) || n <= 0) return withdrawMessages.invalidAmount;
  if (!Number.isInteger(n)) return withdrawMessages.whole;
  if (n < WITHDRAW_MIN) return withdrawMessages.min;
  if (n > WITHDRAW_MAX) return withdrawMessages.max;
  if (n > balance) return withdrawMessages.insufficient;
  return null;
}

// The server validates the whole request; at the amount step only its amount and account errors matter.
const LATER_STEP_ERROR = /withdrawalMethod|UPI ID|bank details|IFSC|Account number|too long/i;

/** The server's verdict on the amount: null when valid, else the message SPEC.md section 5 names. */
export function amountVerdict(result: { data: { valid: boolean; errors?: string[] }; message?: string }): string | null {
  if (result.data.valid) return null;
  const errors = result.data.errors ?? [];
  const relevant = errors.filter((e) => !LATER_STEP_ERROR.test(e));
  if (errors.length > 0 && relevant.length === 0) return null;
  if (relevant.length) return relevant.join(', ');
  return result.message || withdrawMessages.validationFailed;
}

const emptyBank: BankDetails = { accountHolderName: '', accountNumber: '', ifscCode: '', bankName: '' };

export function WithdrawPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const balanceQuery = useBalance();
  const refreshWallet = useRefreshWallet();
  const balance = balanceQuery.data ?? user?.balance ?? 0;

  const [step, setStep] = useState<Step>(0);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method | null>(null);
  const [upiId, setUpiId] = useState('');
  const [bank, setBank] = useState<BankDetails>(emptyBank);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WithdrawalResult | null>(null);

  const go = (next: Step) => {
    setError(null);
    setStep(next);
  };

  const back = () => {
    if (step === 0) navigate(paths.dashboard);
    else go((step - 1) as Step);
  };

  const reset = () => {
    setAmount('');
    setMethod(null);
    setUpiId('');
    setBank(emptyBank);
    setResult(null);
    go(0);
  };

  const submitAmount = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkWithdrawAmount(amount, balance);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const verdict = amountVerdict(await validateWithdrawal({ amount: Number(amount) }));
      if (verdict) setError(verdict);
      else go(1);
    } catch {
      setError(withdrawMessages.validationException);
    } finally {
      setBusy(false);
    }
  };

  const chooseMethod = (m: Method) => {
    setMethod(m);
    go(2);
  };

  const submitDetails = (e: FormEvent) => {
    e.preventDefault();
    if (method === 'UPI') {
      if (!upiId.trim() || !UPI_PATTERN.test(upiId.trim())) return setError(withdrawMessages.upi);
    } else if (!bank.accountHolderName.trim() || !bank.accountNumber.trim() || !bank.ifscCode.trim() || !bank.bankName.trim()) {
      return setError(withdrawMessages.bank);
    }
    go(3);
  };

  const confirm = async () => {
    if (!method) return;
    const payload: WithdrawalInput =
      method === 'UPI'
        ? { amount: Number(amount), withdrawalMethod: 'UPI', upiId: upiId.trim() }
        : {
            amount: Number(amount),
            withdrawalMethod: 'BANK_TRANSFER',
            bankDetails: {
              accountNumber: bank.accountNumber.replace(/\s+/g, ''),
              ifscCode: bank.ifscCode.trim().toUpperCase(),
              accountHolderName: bank.accountHolderName.trim(),
              bankName: bank.bankName.trim(),
            },
          };
    setBusy(true);
    setError(null);
    try {
      const answer = await requestWithdrawal(payload);
      setResult(answer);
      go(4);
      void refreshWallet();
    } catch (err) {
      setError((isApiError(err) && !err.isNetworkError && err.serverMessage) || withdrawMessages.failed);
    } finally {
      setBusy(false);
    }
  };

  const n = Number(amount) || 0;
  const fee = method ? FEES[method] : 0;

  return (
    <Container maxW="2xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          Withdraw Funds
        </Heading>
        <StepIndicator step={step} />
        {step < 4 ? (
          <Box>
            <Button variant="ghost" size="sm" onClick={back} disabled={busy}>
              ← Back
            </Button>
          </Box>
        ) : null}

        {error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}

        <Card.Root>
          <Card.Body>
            {step === 0 ? (
              <form onSubmit={(e) => void submitAmount(e)} noValidate>
                <Stack gap={4}>
                  <Heading as="h2" size="lg">
                    How much do you want to withdraw?
                  </Heading>
                  <Text color="fg.muted">
                    Available balance: <strong>{formatINR(balance)}</strong>
                  </Text>
                  <Field.Root required>
                    <Field.Label>
                      Amount (₹)
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      name="amount"
                      type="number"
                      inputMode="numeric"
                      step={1}
                      min={WITHDRAW_MIN}
                      max={WITHDRAW_MAX}
                      value={amount}
                      onChange={(e) => setAmount(e.target.value)}
                      placeholder="Enter amount"
                    />
                    <Field.HelperText>From ₹100 to ₹25,000</Field.HelperText>
                  </Field.Root>
                  <Button type="submit" colorPalette="brand" loading={busy} loadingText="Checking...">
                    Continue
                  </Button>
                </Stack>
              </form>
            ) : null}

            {step === 1 ? (
              <Stack gap={4}>
                <Heading as="h2" size="lg">
                  Choose a withdrawal method
                </Heading>
                <MethodButton title="UPI" detail={`Fee ${formatINR(FEES.UPI)} · Instant`} onClick={() => chooseMethod('UPI')} />
                <MethodButton title="Bank transfer" detail={`Fee ${formatINR(FEES.BANK)} · 24-48 hours`} onClick={() => chooseMethod('BANK')} />
              </Stack>
            ) : null}

            {step === 2 ? (
              <form onSubmit={submitDetails} noValidate>
                <Stack gap={4}>
                  <Heading as="h2" size="lg">
                    {method === 'UPI' ? 'UPI details' : 'Bank account details'}
                  </Heading>
                  <SavedMethods method={method} onUseBank={(b) => setBank((cur) => ({ ...cur, ...b, accountNumber: '' }))} />
                  {method === 'UPI' ? (
                    <Field.Root required>
                      <Field.Label>
                        UPI ID
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input name="upiId" value={upiId} onChange={(e) => setUpiId(e.target.value)} placeholder="yourname@bank" autoComplete="off" />
                    </Field.Root>
                  ) : (
                    <>
                      <BankField label="Account holder name" name="accountHolderName" value={bank.accountHolderName} onChange={(v) => setBank({ ...bank, accountHolderName: v })} />
                      <BankField
                        label="Account number"
                        name="accountNumber"
                        value={bank.accountNumber}
                        inputMode="numeric"
                        onChange={(v) => setBank({ ...bank, accountNumber: v })}
                      />
                      <BankField label="IFSC code" name="ifscCode" value={bank.ifscCode} onChange={(v) => setBank({ ...bank, ifscCode: v.toUpperCase() })} />
                      <BankField label="Bank name" name="bankName" value={bank.bankName} onChange={(v) => setBank({ ...bank, bankName: v })} />
                    </>
                  )}
                  <Button type="submit" colorPalette="brand">
                    Continue
                  </Button>
                </Stack>
              </form>
            ) : null}

            {step === 3 ? (
              <Stack gap={4}>
                <Heading as="h2" size="lg">
                  Confirm withdrawal
                </Heading>
                <DataList.Root orientation="horizontal">
                  <Row label="Amount" value={formatINR(n)} />
                  <Row label="Method" value={method === 'UPI' ? 'UPI (instant)' : 'Bank transfer (24-48 hours)'} />
                  <Row
                    label="To"
                    value={method === 'UPI' ? upiId.trim() : `${bank.accountHolderName} · ${bank.bankName} · ${bank.accountNumber} · ${bank.ifscCode}`}
                  />
                  <Row label="Processing fee" value={formatINR(fee)} />
                  <Row label="You will receive" value={formatINR(Math.max(0, n - fee))} strong />
                </DataList.Root>
                <Button colorPalette="brand" onClick={() => void confirm()} loading={busy} loadingText="Processing...">
                  Confirm Withdrawal
                </Button>
              </Stack>
            ) : null}

            {step === 4 && result ? (
              <Stack gap={4}>
                <Alert.Root status="success">
                  <Alert.Indicator />
                  <Alert.Title>{withdrawMessages.success}</Alert.Title>
                </Alert.Root>
                <Heading as="h2" size="lg">
                  Withdrawal details
                </Heading>
                <DataList.Root orientation="horizontal">
                  <Row label="Transaction ID" value={result.transactionId} mono />
                  <Row label="Amount" value={formatINR(result.amount)} />
                  <Row label="Processing fee" value={formatINR(result.processingFee)} />
                  <Row label="Net amount" value={formatINR(result.netAmount)} strong />
                  <DataList.Item>
                    <DataList.ItemLabel>Status</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <Badge colorPalette={result.status === 'FAILED' ? 'red' : result.status === 'SUCCESS' ? 'green' : 'gray'}>{result.status}</Badge>
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
                <HStack gap={3} wrap="wrap">
                  <Button colorPalette="brand" onClick={() => navigate(paths.dashboard)}>
                    Back to Dashboard
                  </Button>
                  <Button variant="outline" onClick={reset}>
                    Make Another Withdrawal
                  </Button>
                </HStack>
              </Stack>
            ) : null}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

function StepIndicator({ step }: { step: Step }) {
  return (
    <Box as="nav" aria-label="Withdrawal progress">
      <Text fontSize="sm" color="fg.muted" mb={2}>
        Step {step + 1} of {STEPS.length}: {STEPS[step]}
      </Text>
      <Flex as="ol" gap={2} listStyleType="none">
        {STEPS.map((label, i) => (
          <Box
            as="li"
            key={label}
            flex="1"
            aria-current={i === step ? 'step' : undefined}
            title={label}
          >
            <Box h="2" rounded="full" bg={i <= step ? 'brand.solid' : 'bg.emphasized'} />
            <Text fontSize="xs" mt={1} color={i === step ? 'fg' : 'fg.muted'} fontWeight={i === step ? 'semibold' : 'normal'}>
              {label}
            </Text>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}

function MethodButton({ title, detail, onClick }: { title: string; detail: string; onClick(): void }) {
  return (
    <Button variant="outline" h="auto" py={4} justifyContent="space-between" onClick={onClick}>
      <Text as="span" fontWeight="semibold">
        {title}
      </Text>
      <Text as="span" color="fg.muted" fontSize="sm">
        {detail}
      </Text>
    </Button>
  );
}

function BankField({
  label,
  name,
  value,
  onChange,
  inputMode,
}: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  inputMode?: 'numeric';
}) {
  return (
    <Field.Root required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input name={name} value={value} inputMode={inputMode} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
    </Field.Root>
  );
}

function Row({ label, value, strong, mono }: { label: string; value: string; strong?: boolean; mono?: boolean }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight={strong ? 'bold' : undefined} fontFamily={mono ? 'mono' : undefined} wordBreak="break-all">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** Methods used before (GET /wallet/payment-methods, masked by the server): bank ones can prefill all but the account number. */
function SavedMethods({ method, onUseBank }: { method: Method | null; onUseBank(b: Partial<BankDetails>): void }) {
  const { data } = usePaymentMethods();
  const wanted = (data ?? []).filter((m) => (method === 'UPI' ? m.type === 'UPI' : m.type !== 'UPI'));
  if (!wanted.length) return null;
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" mb={2}>
        Previously used
      </Text>
      <Stack gap={2}>
        {wanted.slice(0, 3).map((m, i) =>
          m.type === 'UPI' ? (
            <Text key={i} fontSize="sm" color="fg.muted">
              {m.upiId} (enter the full UPI ID again)
            </Text>
          ) : (
            <HStack key={i} justify="space-between" gap={2} wrap="wrap">
              <Text fontSize="sm" color="fg.muted">
                {m.accountHolderName} · {m.bankName} · {m.accountNumber} · {m.ifscCode}
              </Text>
              <Button
                size="xs"
                variant="outline"
                onClick={() => onUseBank({ accountHolderName: m.accountHolderName ?? '', bankName: m.bankName ?? '', ifscCode: m.ifscCode ?? '' })}
              >
                Use these details
              </Button>
            </HStack>
          ),
        )}
      </Stack>
    </Box>
  );
}

export default WithdrawPage;
