import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { BankDetails } from '../api/wallet-api';
import { usePaymentMethods } from '../hooks/use-wallet';
import type { Method } from './withdraw-rules';

/** Step 3: the UPI ID, or the bank account (prefilled from a saved method when asked). */
export function WithdrawDetailsStep({
  method,
  upiId,
  onUpiId,
  bank,
  onBank,
  onSubmit,
}: {
  method: Method | null;
  upiId: string;
  onUpiId(value: string): void;
  bank: BankDetails;
  onBank(update: (current: BankDetails) => BankDetails): void;
  onSubmit(): void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={4}>
        <Heading as="h2" size="lg">
          {method === 'UPI' ? 'UPI details' : 'Bank account details'}
        </Heading>
        <SavedMethods method={method} onUseBank={(b) => onBank((cur) => ({ ...cur, ...b, accountNumber: '' }))} />
        {method === 'UPI' ? (
          <Field.Root required>
            <Field.Label>
              UPI ID
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="upiId" value={upiId} onChange={(e) => onUpiId(e.target.value)} placeholder="yourname@bank" autoComplete="off" />
          </Field.Root>
        ) : (
          <>
            <BankField label="Account holder name" name="accountHolderName" value={bank.accountHolderName} onChange={(v) => onBank((cur) => ({ ...cur, accountHolderName: v }))} />
            <BankField
              label="Account number"
              name="accountNumber"
              value={bank.accountNumber}
              inputMode="numeric"
              onChange={(v) => onBank((cur) => ({ ...cur, accountNumber: v }))}
            />
            <BankField label="IFSC code" name="ifscCode" value={bank.ifscCode} onChange={(v) => onBank((cur) => ({ ...cur, ifscCode: v.toUpperCase() }))} />
            <BankField label="Bank name" name="bankName" value={bank.bankName} onChange={(v) => onBank((cur) => ({ ...cur, bankName: v }))} />
          </>
        )}
        <Button type="submit" colorPalette="brand">
          Continue
        </Button>
      </Stack>
    </form>
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
