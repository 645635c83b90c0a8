import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { formatINR } from '@/lib/money';
import type { Rules } from '@/lib/rules';

/**
 * Step 1: how much, against the available balance; `checking` while the server validates it. The rules are
 * shown up front, and "Withdraw everything" takes the whole balance at any amount (paise, below the minimum).
 */
export function WithdrawAmountStep({
  balance,
  amount,
  onAmount,
  onSubmit,
  onEverything,
  checking,
  rules,
}: {
  balance: number;
  amount: string;
  onAmount(value: string): void;
  onSubmit(): void;
  /** withdraw the whole balance (its amount filled in and checked at once) */
  onEverything(): void;
  checking: boolean;
  rules: Rules;
}) {
  const w = rules.withdrawal;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const wholeFee = balance < w.feeFreeBelow ? 'no fee' : `fee ${formatINR(w.fees.UPI)} by UPI, ${formatINR(w.fees.BANK_TRANSFER)} by bank`;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={4}>
        <Heading as="h2" size="lg">
          How much do you want to withdraw?
        </Heading>
        <Text color="fg.muted">
          Available balance: <strong>{formatINR(balance)}</strong>
        </Text>
        <Box borderWidth="1px" borderColor="border" rounded="md" p={3} fontSize="sm" data-testid="withdraw-rules">
          <Text>
            <strong>Your whole balance</strong> can always be withdrawn, whatever the amount; below {formatINR(w.feeFreeBelow)} there is no fee.
          </Text>
          <Text mt={1}>
            <strong>Part of it:</strong> whole rupees from {formatINR(w.minimum)}
            {w.maximum ? ` to ${formatINR(w.maximum)}` : ''}; fee {formatINR(w.fees.UPI)} by UPI, {formatINR(w.fees.BANK_TRANSFER)} by bank transfer.
          </Text>
        </Box>
        {balance > 0 ? (
          <Button variant="outline" colorPalette="brand" h="auto" py={3} onClick={onEverything} disabled={checking} data-testid="withdraw-everything">
            <Stack gap={0} align="center">
              <Text as="span" fontWeight="semibold">
                Withdraw everything ({formatINR(balance)})
              </Text>
              <Text as="span" fontSize="xs" color="fg.muted">
                {wholeFee}
              </Text>
            </Stack>
          </Button>
        ) : null}
        <Field.Root required>
          <Field.Label>
            Amount (₹)
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="amount"
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            max={w.maximum}
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
            placeholder="Enter amount"
          />
          <Field.HelperText>
            From {formatINR(w.minimum)}
            {w.maximum ? ` to ${formatINR(w.maximum)}` : ''}, or your whole balance
          </Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={checking} loadingText="Checking...">
          Continue
        </Button>
      </Stack>
    </form>
  );
}
