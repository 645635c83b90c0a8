import { Box, Button, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { deleteAccountRequest, useAuth } from '@/lib/auth';
import { FormAlert } from '@/components/forms/form-alert';
import { screenMessage } from '@/lib/messages';
import { useRules } from '@/lib/config';
import { setToken } from '@/lib/api-client';
import { formatINR } from '@/lib/money';
import { queryKeys } from '@/lib/query-keys';
import { walletBalanceQueryOptions } from '@/lib/wallet-balance';
import { getPayout, getSavedPayouts, withdrawWholeBalance } from '../api/close-account-api';

export const closeMessages = {
  deleteFailed: 'Failed to delete account. Please try again.',
  upi: 'Please enter a valid UPI ID',
  payoutFailed: 'The payout failed, so the money is back in your wallet. Check the details and try again.',
} as const;

const UPI_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** How long the dialog waits on a payout before saying it will finish later (it keeps following it meanwhile). */
const PATIENCE_MS = 45_000;

type Phase = { kind: 'ask' } | { kind: 'paying'; id: string; amount: number; since: number } | { kind: 'paid' } | { kind: 'failed' };

/**
 * Closing an account says up front that the balance must be ₹0 and nothing in flight, and offers
 * "Withdraw ₹30.50 and close": the whole-balance withdrawal (any amount, no fee below ₹100), followed until the payout
 * is done, then the account closed; or, if the payout takes longer, one tap to close once it has landed.
 */
export function CloseAccount() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const rules = useRules();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [target, setTarget] = useState('');
  const [upiId, setUpiId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  const balanceQuery = useQuery({ ...walletBalanceQueryOptions(user?.id), enabled: open });
  const saved = useQuery({
    queryKey: ['wallet', 'payout-methods', 'close'],
    queryFn: ({ signal }) => getSavedPayouts(signal),
    enabled: open,
    staleTime: 30_000,
  });
  const balance = balanceQuery.data;
  const holdsMoney = typeof balance === 'number' && balance > 0;
  const methods = saved.data ?? [];
  const chosen = target || methods[0]?.id || 'UPI';

  const remove = useMutation({
    mutationFn: deleteAccountRequest,
    onSuccess: async () => {
      setOpen(false);
      // home first (the settings page is for the signed-in: signed out on it, its guard would send the person to /login)
      await navigate(paths.home, { replace: true, flushSync: true });
      // the closing revoked every token: forget it, so that logout sends nothing that would meet a 401 (which ends the
      // session on /login instead of home)
      setToken(null);
      await logout();
    },
  });

  const payout = useQuery({
    queryKey: ['wallet', 'payout', phase.kind === 'paying' ? phase.id : ''],
    queryFn: ({ signal }) => getPayout(phase.kind === 'paying' ? phase.id : '', signal),
    enabled: phase.kind === 'paying',
    refetchInterval: 2_000,
  });

  // The payout's outcome: done → close the account at once; failed → the money is back, say so.
  const payoutStatus = payout.data?.status;
  useEffect(() => {
    if (phase.kind !== 'paying' || !payoutStatus) return;
    if (payoutStatus === 'SUCCESS') {
      // no wallet refresh here: a read racing the closing would be refused (401) and end the session on /login
      setPhase({ kind: 'paid' });
      remove.mutate();
    } else if (payoutStatus === 'FAILED') {
      setPhase({ kind: 'failed' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    }
  }, [phase.kind, payoutStatus, queryClient, remove]);

  useEffect(() => {
    if (phase.kind !== 'paying') return;
    const t = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(t);
  }, [phase.kind]);

  const withdraw = useMutation({
    mutationFn: () => withdrawWholeBalance(balance ?? 0, chosen === 'UPI' ? { upiId } : { payoutMethodId: chosen }),
    onSuccess: (answer) => {
      setPhase({ kind: 'paying', id: answer.transactionId, amount: balance ?? 0, since: Date.now() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
    },
  });

  const startClose = () => {
    setProblem(null);
    if (chosen === 'UPI' && !UPI_PATTERN.test(upiId.trim())) return setProblem(closeMessages.upi);
    withdraw.mutate();
  };

  const error =
    problem ??
    (withdraw.isError ? screenMessage(withdraw.error, closeMessages.payoutFailed) : null) ??
    (remove.isError ? screenMessage(remove.error, closeMessages.deleteFailed) : null) ??
    (phase.kind === 'failed' ? closeMessages.payoutFailed : null);
  const busy = withdraw.isPending || remove.isPending;
  const slow = phase.kind === 'paying' && now - phase.since > PATIENCE_MS;
  // a wallet holding money is paid out first; an empty one (or one whose payout is under way) is closed at once
  const offerWithdrawal = holdsMoney && phase.kind !== 'paying' && phase.kind !== 'paid';
  const wholeFee = holdsMoney && balance < rules.withdrawal.feeFreeBelow ? 0 : null;

  return (
    <>
      <Text color="fg.muted">
        Deleting your account removes your personal details and signs you out everywhere. Your transaction history is kept, anonymised, as the law requires. An
        account can be closed once its balance is ₹0 and no challenge or payout is still in progress; if your wallet holds money, we withdraw all of it for you
        first, whatever the amount.
      </Text>
      <Box>
        <Button colorPalette="red" variant="outline" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </Box>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        cancelLabel="Cancel"
        confirmLabel={offerWithdrawal ? `Withdraw ${formatINR(balance)} and close` : 'Delete my account'}
        onConfirm={offerWithdrawal ? startClose : () => remove.mutate()}
        onClose={() => {
          setOpen(false);
          remove.reset();
          withdraw.reset();
          setProblem(null);
          if (phase.kind !== 'paying') setPhase({ kind: 'ask' });
        }}
        busy={busy}
        busyText={offerWithdrawal ? 'Withdrawing…' : 'Deleting…'}
        confirmDisabled={!offerWithdrawal && (balanceQuery.isPending || (phase.kind === 'paying' && !slow))}
        testId="close-account-dialog"
      >
        <Stack gap={3}>
          <Text>This cannot be undone. You will be signed out and will not be able to sign in with this account again.</Text>
          <Text data-testid="close-rule">
            To close, your balance must be ₹0 and nothing may be in progress.{' '}
            {balance === undefined
              ? ''
              : holdsMoney
                ? `Your wallet holds ${formatINR(balance)}: we withdraw all of it first${wholeFee === 0 ? ' (no fee below ' + formatINR(rules.withdrawal.feeFreeBelow) + ')' : ''}, then close the account once the payout is done.`
                : 'Your balance is ₹0.'}
          </Text>
          {offerWithdrawal ? (
            <Stack gap={2}>
              <Field.Root>
                <Field.Label>Pay it out to</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={chosen} onChange={(e) => setTarget(e.currentTarget.value)}>
                    {methods.map((m) => (
                      <option key={m.id} value={m.id}>
                        {[m.accountHolderName, m.label].filter(Boolean).join(' · ')}
                      </option>
                    ))}
                    <option value="UPI">A UPI ID</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {chosen === 'UPI' ? (
                <Field.Root invalid={problem === closeMessages.upi}>
                  <Field.Label>UPI ID</Field.Label>
                  <Input value={upiId} onChange={(e) => setUpiId(e.target.value)} placeholder="name@bank" autoComplete="off" />
                </Field.Root>
              ) : null}
            </Stack>
          ) : null}
          {phase.kind === 'paying' ? (
            <Text role="status" data-testid="close-progress">
              {slow
                ? `Your ${formatINR(phase.amount)} is on its way. The account can be closed when the payout lands: keep this open, or come back and tap Delete my account.`
                : `Paying out ${formatINR(phase.amount)}… the account closes as soon as the payout is done.`}
            </Text>
          ) : null}
          {phase.kind === 'paid' ? (
            <Text role="status" data-testid="close-progress">
              Payout done. Closing your account…
            </Text>
          ) : null}
          {error ? <FormAlert status="error">{error}</FormAlert> : null}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
