import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { formatINR } from '@/lib/money';
import { WITHDRAW_MAX, WITHDRAW_MIN } from './withdraw-rules';

/** Step 1: how much, against the available balance; `checking` while the server validates it. */
export function WithdrawAmountStep({
  balance,
  amount,
  onAmount,
  onSubmit,
  checking,
}: {
  balance: number;
  amount: string;
  onAmount(value: string): void;
  onSubmit(): void;
  checking: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
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
            onChange={(e) => onAmount(e.target.value)}
            placeholder="Enter amount"
          />
          <Field.HelperText>From ₹100 to ₹25,000</Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={checking} loadingText="Checking...">
          Continue
        </Button>
      </Stack>
    </form>
  );
}
