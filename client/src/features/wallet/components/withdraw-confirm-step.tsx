import { Button, DataList, Heading, Stack } from '@chakra-ui/react';
import { formatINR } from '@/lib/money';
import type { PayoutMethod } from '../api/payout-methods-api';
import type { BankDetails } from '../api/wallet-api';
import { FEES, type Method } from './withdraw-rules';
import { WithdrawRow as Row } from './withdraw-row';

/** Step 4: what goes where, the fee and what arrives; `sending` while the request is on its way. */
export function WithdrawConfirmStep({
  amount,
  method,
  fee: feeGiven,
  upiId,
  bank,
  saved,
  onConfirm,
  sending,
}: {
  amount: string;
  method: Method | null;
  /** this withdrawal's fee (none on a whole balance below ₹100); the method's fee when not given */
  fee?: number;
  upiId: string;
  bank: BankDetails;
  saved: PayoutMethod | null;
  onConfirm(): void;
  sending: boolean;
}) {
  const n = Number(amount) || 0;
  const fee = feeGiven ?? (method ? FEES[method] : 0);
  return (
    <Stack gap={4}>
      <Heading as="h2" size="lg">
        Confirm withdrawal
      </Heading>
      <DataList.Root orientation="horizontal">
        <Row label="Amount" value={formatINR(n)} />
        <Row label="Method" value={method === 'UPI' ? 'UPI (instant)' : 'Bank transfer (24-48 hours)'} />
        <Row
          label="To"
          value={
            saved
              ? [saved.accountHolderName, saved.label, saved.ifscCode].filter(Boolean).join(' · ')
              : method === 'UPI'
                ? upiId.trim()
                : `${bank.accountHolderName} · ${bank.bankName} · ${bank.accountNumber} · ${bank.ifscCode}`
          }
        />
        <Row label="Processing fee" value={formatINR(fee)} testId="withdraw-fee" />
        <Row label="You will receive" value={formatINR(Math.max(0, Math.round((n - fee) * 100) / 100))} strong testId="withdraw-net" />
      </DataList.Root>
      <Button colorPalette="brand" onClick={onConfirm} loading={sending} loadingText="Processing...">
        Confirm Withdrawal
      </Button>
    </Stack>
  );
}
