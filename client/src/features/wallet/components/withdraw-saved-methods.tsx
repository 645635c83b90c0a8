import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { PayoutMethod } from '../api/payout-methods-api';
import { usePayoutMethods, useRemovePayoutMethod } from '../hooks/use-payout-methods';
import type { Method } from './withdraw-rules';

const wantedType = (method: Method | null) => (method === 'UPI' ? 'UPI' : 'BANK_TRANSFER');

/** The saved payout methods of this kind (destinations of earlier paid withdrawals), offered to use again or remove. */
export function WithdrawSavedMethods({ method, onUse }: { method: Method | null; onUse(saved: PayoutMethod): void }) {
  const { data } = usePayoutMethods();
  const remove = useRemovePayoutMethod();
  const wanted = (data ?? []).filter((m) => m.type === wantedType(method)).slice(0, 5);
  if (!wanted.length) return null;
  return (
    <Box as="section" aria-label="Saved payout methods">
      <Text fontSize="sm" fontWeight="semibold" mb={2}>
        Saved from earlier withdrawals
      </Text>
      <Stack gap={2}>
        {wanted.map((m) => (
          <HStack key={m.id} justify="space-between" gap={2} wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => onUse(m)} data-testid="use-saved-method">
              Use saved: {m.label}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Remove saved ${m.label}`}
              loading={remove.isPending && remove.variables === m.id}
              onClick={() => remove.mutate(m.id)}
            >
              Remove
            </Button>
          </HStack>
        ))}
        {remove.isError ? (
          <Text fontSize="sm" color="fg.error" role="alert">
            Could not remove it. Please try again.
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

/** The chosen saved method in place of the form: where the money goes, and a way back to typing new details. */
export function WithdrawSavedChoice({ saved, onOther, onContinue }: { saved: PayoutMethod; onOther(): void; onContinue(): void }) {
  return (
    <Stack gap={4}>
      <Box borderWidth="1px" borderRadius="md" p={4} data-testid="saved-choice">
        <Text fontWeight="semibold">Paying to {saved.label}</Text>
        {saved.type === 'BANK_TRANSFER' ? (
          <Text fontSize="sm" color="fg.muted">
            {saved.accountHolderName} · {saved.ifscCode}
          </Text>
        ) : null}
      </Box>
      <Button variant="ghost" size="sm" alignSelf="flex-start" onClick={onOther}>
        Enter other details
      </Button>
      <Button colorPalette="brand" onClick={onContinue}>
        Continue
      </Button>
    </Stack>
  );
}
