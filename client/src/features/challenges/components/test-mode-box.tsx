import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { createTestChallenge } from '../api/challenges-api';
import { reasonOf } from '../hooks/use-challenges';

/** Testing mode (shown only when the server runs with TEST_MODE): a challenge 2 minutes ahead, ₹25. */
export function TestModeBox({ onCreated }: { onCreated: () => Promise<unknown> | void }) {
  // Busy until the caller has reloaded too; a failed reload reads as a failed creation.
  const create = useMutation({ mutationFn: createTestChallenge, onSuccess: async () => void (await onCreated()) });
  const result = create.data;
  const message: { ok: boolean; text: string } | null = create.isError
    ? { ok: false, text: `Failed to create test challenge: ${reasonOf(create.error)}` }
    : create.isSuccess && result
      ? {
          ok: true,
          text: result.challenge
            ? `Test challenge created: wake up at ${formatWakeUpTime(result.challenge.wakeUpTime)} IST, ${formatINR(result.forfeitDeducted)} deducted.`
            : `Test challenge created (${result.status}), ${formatINR(result.forfeitDeducted)} deducted.`,
        }
      : null;

  return (
    <Alert.Root status="info" variant="surface" data-testid="test-mode-box">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Testing mode</Alert.Title>
        <Alert.Description>
          <Stack gap={2} mt={1}>
            <Text>Create a test challenge with a wake-up time 2 minutes from now and a ₹25 forfeit, to play a day in minutes.</Text>
            <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={() => create.mutate()} loading={create.isPending}>
              Create Test Challenge
            </Button>
            {message ? (
              <Text role={message.ok ? 'status' : 'alert'} color={message.ok ? undefined : 'fg.error'}>
                {message.text}
              </Text>
            ) : null}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
