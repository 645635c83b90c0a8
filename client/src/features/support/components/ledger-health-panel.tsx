import { Alert, Badge, Button, DataList, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatISTDateTime } from '@/lib/format';
import { supportKeys } from '../api/query-keys';
import { getLedgerHealth, runLedgerVerify } from '../api/support-api';
import { ErrorAlert } from './panel-parts';

/** The latest stored verify (GET /support/ledger/health) and Run now (POST /support/ledger/verify). */
export function LedgerHealthPanel() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: supportKeys.ledgerHealth, queryFn: getLedgerHealth, retry: false });
  const run = useMutation({
    mutationFn: runLedgerVerify,
    onSuccess: (result) => queryClient.setQueryData(supportKeys.ledgerHealth, result),
  });
  const v = query.data;
  return (
    <Stack gap={4} pt={4}>
      <Flex justify="space-between" align="center" wrap="wrap" gap={3}>
        <Heading as="h2" size="lg">
          Ledger health
        </Heading>
        <Button colorPalette="brand" onClick={() => run.mutate()} loading={run.isPending} loadingText="Verifying...">
          Run now
        </Button>
      </Flex>
      <Text color="fg.muted" fontSize="sm">
        Checks that every balance equals the fold of the journal, that the whole journal sums to zero, and that each account&apos;s hash chain is intact.
      </Text>
      {query.isError || run.isError ? <ErrorAlert error={run.error ?? query.error} fallback="Ledger verification failed to run" /> : null}
      {query.isPending ? <Text role="status">Verifying the ledger...</Text> : null}
      {v ? (
        <Stack gap={3} data-testid="ledger-verify-result">
          <Alert.Root status={v.ok ? 'success' : 'error'}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{v.ok ? 'Ledger verified: all checks passed' : 'Ledger verification FAILED'}</Alert.Title>
              <Alert.Description>
                Ran at {formatISTDateTime(v.checkedAt)} IST{run.isSuccess ? ' (just now)' : ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Result</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge colorPalette={v.ok ? 'green' : 'red'}>{v.ok ? 'PASS' : 'FAIL'}</Badge>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Journal entries</DataList.ItemLabel>
              <DataList.ItemValue>{v.entries}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Accounts</DataList.ItemLabel>
              <DataList.ItemValue>{v.accounts}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Journal sum (paise)</DataList.ItemLabel>
              <DataList.ItemValue>{v.journalSum}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {v.problems?.length ? (
            <List.Root ps={5}>
              {v.problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List.Root>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
