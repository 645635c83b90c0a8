import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailed, loadStateOf } from '@/components/ui/load-failed';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { formatISTTime } from '@/lib/format';
import { answerStillAwake, getStillAwakeCheck, wakeKeys } from '../api/wake-api';

/** How often an open check is read again: its moment is the server's secret, so the app asks. */
export const STILL_AWAKE_POLL_MS = 30_000;

/**
 * Dashboard: "Still awake?" for today's challenge while the server is asking, with the one-tap answer. Nothing while
 * the first read is in flight (the usual answer is nothing to show, so a placeholder would only shift the page); a failed
 * read is said, with a Retry, since a question missed costs the morning.
 */
export function StillAwakePrompt({ challengeId }: { challengeId: string | null | undefined }) {
  const userId = useAuth().user?.id ?? '';
  const client = useQueryClient();
  const key = wakeKeys.stillAwakeCheck(userId, challengeId ?? '');
  const check = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getStillAwakeCheck(challengeId!, signal),
    enabled: !!userId && !!challengeId,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'SCHEDULED' || q.state.data.status === 'ASKING') ? STILL_AWAKE_POLL_MS : false),
  });
  const answer = useMutation({
    mutationFn: () => answerStillAwake(challengeId!),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  const status = check.data?.status;
  const load = loadStateOf(check);
  if (load.failed) {
    return <LoadFailed message="We couldn't check whether we're asking “Still awake?” this morning." onRetry={load.retry} retrying={load.retrying} />;
  }
  if (status === 'ANSWERED' && answer.isSuccess) {
    return (
      <Text role="status" color="fg.success">
        Thanks: this morning counts.
      </Text>
    );
  }
  if (status === 'MISSED') {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>The still-awake check was not answered in time: this morning counts as missed.</Alert.Title>
      </Alert.Root>
    );
  }
  if (status !== 'ASKING') return null;
  return (
    <Alert.Root status="info" data-testid="still-awake-prompt">
      <Alert.Indicator />
      <Stack gap={2} flex="1">
        <Alert.Title>Still awake?</Alert.Title>
        <Alert.Description>
          Answer by {check.data?.deadlineAt ? formatISTTime(check.data.deadlineAt) : 'the deadline'} IST, or this morning counts as missed.
        </Alert.Description>
        <Button alignSelf="flex-start" colorPalette="brand" loading={answer.isPending} onClick={() => answer.mutate()}>
          Yes, I&rsquo;m awake
        </Button>
        {answer.isError ? (
          <Text role="alert" fontSize="sm" color="fg.error">
            {errorMessage(answer.error, 'Could not send your answer. Please try again.')}
          </Text>
        ) : null}
      </Stack>
    </Alert.Root>
  );
}
