import { Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getShields, spendShield, wakeKeys } from '../api/wake-api';

export interface UseShieldButtonProps {
  challengeId: string;
  /** when the check-in window opens (ISO): a shield can be used only before */
  windowOpensAt: string;
  /** what the button names for a screen reader, e.g. the date */
  label: string;
  now?: Date;
}

/** "Use a shield" on an upcoming challenge: shown while a shield is held and the window has not opened. */
export function UseShieldButton({ challengeId, windowOpensAt, label, now = new Date() }: UseShieldButtonProps) {
  const userId = useAuth().user?.id ?? '';
  const client = useQueryClient();
  const shields = useQuery({ queryKey: wakeKeys.shields(userId), queryFn: ({ signal }) => getShields(signal), enabled: !!userId });
  const spend = useMutation({
    mutationFn: () => spendShield(challengeId),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.challenges.all }),
        client.invalidateQueries({ queryKey: queryKeys.wallet.all }),
        client.invalidateQueries({ queryKey: queryKeys.wake.all }),
      ]),
  });
  if (!shields.data?.held || now.getTime() >= new Date(windowOpensAt).getTime()) return null;
  return (
    <Stack gap={1} align="flex-end">
      <Button size="sm" variant="outline" colorPalette="brand" aria-label={`Use a shield on ${label}`} loading={spend.isPending} onClick={() => spend.mutate()}>
        Use a shield
      </Button>
      {spend.isError ? (
        <Text role="alert" fontSize="xs" color="fg.error">
          {errorMessage(spend.error, 'Could not use a shield. Please try again.')}
        </Text>
      ) : null}
    </Stack>
  );
}
