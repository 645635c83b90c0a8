import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { formatINR } from '@/lib/money';
import { FEES, type Method } from './withdraw-rules';

/** Step 2: UPI or bank transfer, each with its fee (for this amount: none on a whole balance below ₹100) and speed. */
export function WithdrawMethodStep({ onChoose, fees = FEES }: { onChoose(method: Method): void; fees?: Record<Method, number> }) {
  return (
    <Stack gap={4}>
      <Heading as="h2" size="lg">
        Choose a withdrawal method
      </Heading>
      <MethodButton title="UPI" detail={`Fee ${formatINR(fees.UPI)} · Instant`} onClick={() => onChoose('UPI')} />
      <MethodButton title="Bank transfer" detail={`Fee ${formatINR(fees.BANK)} · 24-48 hours`} onClick={() => onChoose('BANK')} />
    </Stack>
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
