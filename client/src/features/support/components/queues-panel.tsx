import { Badge, Box, Button, Code, Field, Flex, Heading, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatISTDateTime } from '@/lib/format';
import { supportKeys } from '../api/query-keys';
import { JOB_STATES, listJobs, listQueues, retryJob } from '../api/support-api';
import { ErrorAlert, InfoAlert, QueryState, SupportTable } from './panel-parts';

/** The BullMQ queues: counts per state, jobs of one state, retry of a failed job (GET/POST /support/queues…). */
export function QueuesPanel() {
  const queues = useQuery({ queryKey: supportKeys.queues, queryFn: listQueues });
  const [queue, setQueue] = useState<string | null>(null);
  const [state, setState] = useState<string>('failed');

  return (
    <Stack gap={5} pt={4}>
      <Flex justify="space-between" align="center" gap={3} wrap="wrap">
        <Heading as="h2" size="lg">
          Queues
        </Heading>
        <Button variant="outline" size="sm" onClick={() => void queues.refetch()} loading={queues.isFetching}>
          Refresh
        </Button>
      </Flex>
      <QueryState query={queues} loading="Loading queues..." errorFallback="Failed to load queues" />
      {queues.data ? (
        <SupportTable columns={['Queue', ...JOB_STATES.map((s) => ({ label: s, textAlign: 'end' as const }))]} actions>
          {queues.data.map((q) => (
            <Table.Row key={q.name}>
              <Table.Cell>
                {q.name}
                {q.isPaused ? (
                  <Badge ms={2} colorPalette="yellow">
                    paused
                  </Badge>
                ) : null}
              </Table.Cell>
              {JOB_STATES.map((s) => (
                <Table.Cell key={s} textAlign="end" color={s === 'failed' && (q.counts[s] ?? 0) > 0 ? 'fg.error' : undefined}>
                  {q.counts[s] ?? 0}
                </Table.Cell>
              ))}
              <Table.Cell>
                <Button size="xs" variant="outline" onClick={() => setQueue(q.name)} aria-label={`Show jobs of ${q.name}`}>
                  Jobs
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      ) : null}
      {queue ? <JobsView queue={queue} state={state} onState={setState} /> : null}
    </Stack>
  );
}

function JobsView({ queue, state, onState }: { queue: string; state: string; onState(s: string): void }) {
  const queryClient = useQueryClient();
  const jobs = useQuery({ queryKey: supportKeys.jobs(queue, state), queryFn: () => listJobs(queue, state) });
  const retry = useMutation({
    mutationFn: (id: string) => retryJob(queue, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.queues }),
  });
  return (
    <Stack gap={3} borderWidth="1px" borderColor="border" rounded="lg" p={4}>
      <Flex justify="space-between" align="end" gap={3} wrap="wrap">
        <Heading as="h3" size="md">
          Jobs in {queue}
        </Heading>
        <Field.Root maxW="48">
          <Field.Label>State</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={state} onChange={(e) => onState(e.currentTarget.value)}>
              {JOB_STATES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {retry.isError ? <ErrorAlert error={retry.error} fallback="Retry failed" /> : null}
      {retry.isSuccess ? <InfoAlert>Job queued again.</InfoAlert> : null}
      {jobs.isPending ? <Text role="status">Loading jobs...</Text> : null}
      {jobs.data && jobs.data.length === 0 ? <Text color="fg.muted">No {state} jobs.</Text> : null}
      {jobs.data?.map((j) => (
        <Box key={j.id ?? j.name} borderWidth="1px" borderColor="border" rounded="md" p={3}>
          <Flex justify="space-between" gap={2} wrap="wrap">
            <Text fontWeight="semibold">
              {j.name} · <Code>{j.id}</Code>
            </Text>
            {state === 'failed' && j.id ? (
              <Button size="xs" colorPalette="brand" onClick={() => retry.mutate(j.id!)} loading={retry.isPending && retry.variables === j.id}>
                Retry
              </Button>
            ) : null}
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Added {j.timestamp ? formatISTDateTime(j.timestamp) : '—'} · attempts {j.attemptsMade}
            {j.finishedOn ? ` · finished ${formatISTDateTime(j.finishedOn)}` : ''}
          </Text>
          {j.failedReason ? (
            <Text fontSize="sm" color="fg.error">
              {j.failedReason}
            </Text>
          ) : null}
          <Code display="block" whiteSpace="pre-wrap" fontSize="xs" mt={2} p={2}>
            {JSON.stringify(j.data)}
          </Code>
        </Box>
      ))}
    </Stack>
  );
}
