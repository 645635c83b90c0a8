import { Alert, Box, Button, Card, Container, Heading, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useRules } from '@/lib/config';
import { isApiError } from '@/lib/api-client';
import type { PayoutMethod } from '../api/payout-methods-api';
import { requestWithdrawal, validateWithdrawal, type BankDetails } from '../api/wallet-api';
import { useBalance, useRefreshWallet } from '../hooks/use-wallet';
import { WithdrawAmountStep } from './withdraw-amount-step';
import { WithdrawConfirmStep } from './withdraw-confirm-step';
import { WithdrawDetailsStep } from './withdraw-details-step';
import { WithdrawDoneStep } from './withdraw-done-step';
import { WithdrawMethodStep } from './withdraw-method-step';
import { WithdrawProgress } from './withdraw-progress';
import { amountVerdict, checkWithdrawAmount, emptyBank, feeOf, withdrawalPayload, withdrawMessages, type Method, type Step } from './withdraw-rules';

/** The withdraw wizard: amount, method, details, confirm, done. The draft lives here; each step shows one part of it. */
export function WithdrawPage() {
  const navigate = useNavigate();
  const balanceQuery = useBalance();
  const refreshWallet = useRefreshWallet();
  const balance = balanceQuery.data ?? 0;
  const rules = useRules();

  const [step, setStep] = useState<Step>(0);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method | null>(null);
  const [upiId, setUpiId] = useState('');
  const [bank, setBank] = useState<BankDetails>(emptyBank);
  // A saved payout method chosen instead of typed details (the server holds its full details).
  const [saved, setSaved] = useState<PayoutMethod | null>(null);
  // A step's own check or the server's verdict on the amount; request failures come from the mutations.
  const [problem, setProblem] = useState<string | null>(null);

  const validate = useMutation({ mutationFn: (n: number) => validateWithdrawal({ amount: n }) });
  const withdraw = useMutation({ mutationFn: requestWithdrawal, onSuccess: () => void refreshWallet() });
  const busy = validate.isPending || withdraw.isPending;
  const error =
    problem ??
    (validate.isError ? withdrawMessages.validationException : null) ??
    (withdraw.isError ? (isApiError(withdraw.error) && !withdraw.error.isNetworkError && withdraw.error.serverMessage) || withdrawMessages.failed : null);

  const go = (next: Step) => {
    setProblem(null);
    validate.reset();
    if (next !== 4) withdraw.reset();
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
    setSaved(null);
    go(0);
  };

  const submitAmount = (raw: string = amount) => {
    const check = checkWithdrawAmount(raw, balance, rules);
    setProblem(check);
    if (check) return;
    validate.mutate(Number(raw), {
      onSuccess: (answer) => {
        const verdict = amountVerdict(answer);
        if (verdict) setProblem(verdict);
        else go(1);
      },
    });
  };

  // The whole balance, to the paisa, at any amount
  const everything = () => {
    const whole = String(Math.round(balance * 100) / 100);
    setAmount(whole);
    submitAmount(whole);
  };

  const chooseMethod = (m: Method) => {
    if (m !== method) setSaved(null);
    setMethod(m);
    go(2);
  };

  // The details step's forms check their fields themselves; what reaches here is valid.
  const submitUpi = (value: string) => {
    setUpiId(value);
    go(3);
  };
  const submitBank = (details: BankDetails) => {
    setBank(details);
    go(3);
  };
  const chooseSaved = (m: PayoutMethod | null) => {
    setProblem(null);
    setSaved(m);
  };

  const confirm = () => {
    if (!method) return;
    setProblem(null);
    withdraw.mutate(withdrawalPayload(amount, method, upiId, bank, saved), { onSuccess: () => go(4) });
  };

  return (
    <Container maxW="2xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          Withdraw Funds
        </Heading>
        <WithdrawProgress step={step} />
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
              <WithdrawAmountStep
                balance={balance}
                amount={amount}
                onAmount={setAmount}
                onSubmit={() => submitAmount()}
                onEverything={everything}
                checking={validate.isPending}
                rules={rules}
              />
            ) : null}
            {step === 1 ? (
              <WithdrawMethodStep onChoose={chooseMethod} fees={{ UPI: feeOf('UPI', amount, balance, rules), BANK: feeOf('BANK', amount, balance, rules) }} />
            ) : null}
            {step === 2 ? (
              <WithdrawDetailsStep
                method={method}
                upiId={upiId}
                bank={bank}
                saved={saved}
                onSaved={chooseSaved}
                onUpi={submitUpi}
                onBank={submitBank}
                onProblem={setProblem}
                onContinue={() => go(3)}
              />
            ) : null}
            {step === 3 ? (
              <WithdrawConfirmStep
                amount={amount}
                method={method}
                fee={feeOf(method, amount, balance, rules)}
                upiId={upiId}
                bank={bank}
                saved={saved}
                onConfirm={confirm}
                sending={withdraw.isPending}
              />
            ) : null}
            {step === 4 && withdraw.data ? <WithdrawDoneStep result={withdraw.data} onDashboard={() => navigate(paths.dashboard)} onAgain={reset} /> : null}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

export default WithdrawPage;
