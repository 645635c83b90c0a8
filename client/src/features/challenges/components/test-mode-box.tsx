import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatINR, formatWakeUpTime } from '@/lib/format';
import { createTestChallenge } from '../api/challenges-api';
import { reasonOf } from '../hooks/use-challenges';

/** Testing mode (shown only when the server runs with TEST_MODE): a challenge 2 minutes ahead, ₹25. */
export function TestModeBox({ onCreated }: { onCreated: () => Promise<unknown> | void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const create = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const result = await createTestChallenge();
      const c = result.challenge;
      setMessage({
        ok: true,
        text: c
          ? `Test challenge created: wake up at ${formatWakeUpTime(c.wakeUpTime)} IST, ${formatINR(result.forfeitDeducted)} deducted.`
          : `Test challenge created (${result.status}), ${formatINR(result.forfeitDeducted)} deducted.`,
      });
      await onCreated();
    } catch (error) {
      setMessage({ ok: false, text: `Failed to create test challenge: ${reasonOf(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert.Root status="info" variant="surface" data-testid="test-mode-box">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Testing mode</Alert.Title>
        <Alert.Description>
          <Stack gap={2} mt={1}>
            <Text>Create a test challenge with a wake-up time 2 minutes from now and a ₹25 forfeit, to play a day in minutes.</Text>
            <Button size="sm" colorPalette="brand" alignSelf="flex-start" onClick={() => void create()} loading={busy}>
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
