import { Box, Stack, Text } from '@chakra-ui/react';
import { formatINR } from '@/lib/money';
import { minBalanceSentence, type Rules } from '@/lib/rules';

/** Before paying, what the money can be used for and that it can always be taken out whole. */
export function DepositRules({ rules }: { rules: Rules }) {
  const w = rules.withdrawal;
  return (
    <Box borderWidth="1px" borderColor="border" rounded="md" p={3} fontSize="sm" data-testid="deposit-rules">
      <Text fontWeight="semibold">What this money is for</Text>
      <Stack as="ul" gap={1} listStyleType="disc" ps={5} mt={1}>
        <Text as="li">
          Stakes of {formatINR(rules.stake.min)} to {formatINR(rules.stake.max)} on a morning. {minBalanceSentence(rules)}
        </Text>
        <Text as="li">
          Withdraw part of it from {formatINR(w.minimum)} (fee {formatINR(w.fees.UPI)} by UPI, {formatINR(w.fees.BANK_TRANSFER)} by bank transfer).
        </Text>
        <Text as="li" fontWeight="medium">
          You can always withdraw your whole balance, whatever the amount; below {formatINR(w.feeFreeBelow)} there is no fee.
        </Text>
      </Stack>
    </Box>
  );
}
