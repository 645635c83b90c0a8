import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailed } from '@/components/ui/load-failed';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { addPasskey, listPasskeys, passkeyCancelled, passkeysSupported, removePasskey, type Passkey } from '@/lib/auth';
import { screenMessage } from '@/lib/messages';
import { formatISTDateTime } from '@/lib/format';

const passkeysKey = ['auth', 'passkeys'] as const;

export const passkeysMessages = {
  intro: 'A passkey signs you in with your fingerprint, face or screen lock instead of your password. It stays on your device.',
  none: 'No passkeys yet.',
  add: 'Add a passkey',
  loadFailed: "We couldn't load your passkeys.",
  addCancelled: 'No passkey was added.',
  addFailed: 'Could not add the passkey. Please try again.',
  removeFailed: 'Could not remove the passkey. Please try again.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

/** Settings → Passkeys: the user's passkeys, each with Remove, and "Add a passkey". */
export function PasskeysSection() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: passkeysKey, queryFn: listPasskeys });
  const refresh = () => client.invalidateQueries({ queryKey: passkeysKey });
  const add = useMutation({ mutationFn: addPasskey, onSuccess: refresh });
  const remove = useMutation({ mutationFn: (p: Passkey) => removePasskey(p.id), onSuccess: refresh });

  return (
    <Stack gap={3} data-testid="passkeys">
      <Text color="fg.muted">{passkeysMessages.intro}</Text>
      {list.isPending ? (
        <LinesSkeleton label="Loading your passkeys..." lines={1} height="8" />
      ) : list.isError ? (
        <LoadFailed message={passkeysMessages.loadFailed} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : list.data.length === 0 ? (
        <Text>{passkeysMessages.none}</Text>
      ) : (
        <Stack as="ul" gap={2} listStyleType="none" m={0} p={0} aria-label="Your passkeys">
          {list.data.map((p, i) => (
            <HStack
              as="li"
              key={p.id}
              justify="space-between"
              wrap="wrap"
              gap={2}
              borderWidth="1px"
              borderColor="border"
              rounded="md"
              p={3}
              data-testid="passkey-row"
            >
              <Stack gap={0}>
                <Text fontWeight="medium">Passkey {i + 1}</Text>
                <Text fontSize="sm" color="fg.muted">
                  Added {formatISTDateTime(p.createdAt)} IST · {p.lastUsedAt ? `last used ${formatISTDateTime(p.lastUsedAt)} IST` : 'not used yet'}
                </Text>
              </Stack>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => remove.mutate(p)}
                loading={remove.isPending && remove.variables?.id === p.id}
                loadingText="Removing…"
                aria-label={`Remove passkey ${i + 1}`}
              >
                Remove
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      {passkeysSupported() ? (
        <HStack>
          <Button colorPalette="brand" onClick={() => add.mutate()} loading={add.isPending} loadingText="Adding…">
            {passkeysMessages.add}
          </Button>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {passkeysMessages.unsupported}
        </Text>
      )}
      {add.isError || remove.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            {add.isError
              ? passkeyCancelled(add.error)
                ? passkeysMessages.addCancelled
                : screenMessage(add.error, passkeysMessages.addFailed)
              : screenMessage(remove.error, passkeysMessages.removeFailed)}
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
