import { Alert, Badge, Box, Button, Field, Flex, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { outcomeWord, statusWord } from '@/lib/status-words';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatISTDateTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { supportKeys } from '../api/query-keys';
import { getSettlement, listSettlements, rerunSettlement, type Receipt, type SettlementAlert } from '../api/support-api';
import { ErrorAlert, InfoAlert, QueryState, SupportTable } from './panel-parts';

export function settlementPalette(status: string): string {
  switch (status.toUpperCase()) {
    case 'SETTLED':
    case 'COMPLETED':
    case 'SUCCESS':
      return 'green';
    case 'FAILED':
      return 'red';
    case 'RUNNING':
    case 'PENDING':
      return 'yellow';
    default:
      return 'gray';
  }
}

/** Settlements by date: batches, status, receipts, alerts (late, failed) and an idempotent Re-run. */
export function SettlementsPanel() {
  const [dateInput, setDateInput] = useState('');
  const [filter, setFilter] = useState('');
  const [openDate, setOpenDate] = useState<string | null>(null);
  const list = useQuery({ queryKey: supportKeys.settlements(filter), queryFn: () => listSettlements(filter) });

  const onFilter = (e: FormEvent) => {
    e.preventDefault();
    setFilter(dateInput);
    setOpenDate(dateInput || null);
  };

  return (
    <Stack gap={5} pt={4}>
      <Heading as="h2" size="lg">
        Settlements
      </Heading>
      <form onSubmit={onFilter}>
        <HStack align="end" gap={3} wrap="wrap">
          <Field.Root maxW="60">
            <Field.Label>Settlement date</Field.Label>
            <Input type="date" value={dateInput} onChange={(e) => setDateInput(e.target.value)} />
          </Field.Root>
          <Button type="submit" colorPalette="brand">
            Show
          </Button>
          {filter ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDateInput('');
                setFilter('');
                setOpenDate(null);
              }}
            >
              Show latest
            </Button>
          ) : null}
        </HStack>
      </form>

      <QueryState query={list} loading="Loading settlements..." errorFallback="Failed to load settlements" />

      {list.data ? (
        <>
          <Alerts alerts={list.data.alerts} />
          {list.data.settlements.length === 0 ? (
            <Text color="fg.muted">No settlement runs{filter ? ` for ${filter}` : ''}.</Text>
          ) : (
            <SupportTable
              caption={filter ? `Settlement runs for ${filter}` : 'Latest settlement runs'}
              columns={['Date', 'Batch', 'Status', 'Attempts', 'Participants', 'Pool', 'Finished']}
              actions
            >
              {list.data.settlements.map((run) => (
                <Table.Row key={run.id}>
                  <Table.Cell>{run.date}</Table.Cell>
                  <Table.Cell>{run.batch}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={settlementPalette(run.status)}>{statusWord(run.status)}</Badge>
                    {run.lastError ? (
                      <Text fontSize="xs" color="fg.error">
                        {run.lastError}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>{run.attempts}</Table.Cell>
                  <Table.Cell>
                    {run.receipt.participants} ({run.receipt.successes} ok, {run.receipt.failures} failed)
                  </Table.Cell>
                  <Table.Cell>{formatINR(run.receipt.pool)}</Table.Cell>
                  <Table.Cell>{run.finishedAt ? formatISTDateTime(run.finishedAt) : '—'}</Table.Cell>
                  <Table.Cell>
                    <Button size="xs" variant="outline" onClick={() => setOpenDate(run.date)} aria-label={`View receipt for ${run.date}`}>
                      View receipt
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </SupportTable>
          )}
        </>
      ) : null}

      {openDate ? <SettlementDetailView date={openDate} /> : null}
    </Stack>
  );
}

function Alerts({ alerts }: { alerts: SettlementAlert[] }) {
  if (!alerts.length) return null;
  return (
    <Stack gap={2}>
      <Heading as="h3" size="md">
        Alerts
      </Heading>
      {alerts.map((a) => (
        <Alert.Root key={a.id} status={a.kind.toUpperCase().includes('FAIL') ? 'error' : 'warning'}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {a.kind} · {a.date}
            </Alert.Title>
            <Alert.Description>
              {a.message} ({formatISTDateTime(a.createdAt)} IST)
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}

function SettlementDetailView({ date }: { date: string }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: supportKeys.settlement(date), queryFn: () => getSettlement(date) });
  const rerun = useMutation({
    mutationFn: () => rerunSettlement(date),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });

  return (
    <Box borderWidth="1px" borderColor="border" rounded="lg" p={4} data-testid="settlement-detail">
      <Stack gap={4}>
        <Flex justify="space-between" align="center" wrap="wrap" gap={3}>
          <Heading as="h3" size="md">
            Settlement of {date}
            {detail.data ? (
              <Badge ms={2} colorPalette={settlementPalette(detail.data.status)}>
                {statusWord(detail.data.status)}
              </Badge>
            ) : null}
          </Heading>
          <Button colorPalette="brand" variant="outline" onClick={() => rerun.mutate()} loading={rerun.isPending} loadingText="Queuing...">
            Re-run
          </Button>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          Re-run queues the same idempotent settlement job the scheduler runs: nothing is paid twice.
        </Text>
        {rerun.isSuccess ? <InfoAlert>Re-run queued for {date}.</InfoAlert> : null}
        {rerun.isError ? <ErrorAlert error={rerun.error} fallback="Failed to queue the re-run" /> : null}
        <QueryState query={detail} loading="Loading receipt..." errorFallback="Failed to load the settlement" />
        {detail.data && detail.data.batches.length === 0 ? <Text color="fg.muted">No settlement has run for {date}.</Text> : null}
        {detail.data?.batches.map((b) => (
          <ReceiptView key={b.id} receipt={b.receipt} status={b.status} />
        ))}
        {detail.data ? <Alerts alerts={detail.data.alerts} /> : null}
      </Stack>
    </Box>
  );
}

export function ReceiptView({ receipt, status }: { receipt: Receipt; status?: string }) {
  // a pledge-mode batch (POOL_MODE fixed at creation) has no pool: its misses were donated per charity
  const pledge = receipt.mode === 'pledge';
  const totals: [string, number][] = pledge
    ? [
        ['Money in (stakes)', receipt.moneyIn],
        ['Refunds (failed)', receipt.refundsTotal],
        ['Stakes returned (successful)', receipt.stakesReturned],
        ['Donated to charities', receipt.donated ?? 0],
        ...(receipt.donations ?? []).map((d): [string, number] => [`  to ${d.name} (${d.charityId}, ${d.challenges} missed)`, d.amount]),
        ['Platform revenue (no charity configured)', receipt.platformRevenue],
        ['Money out', receipt.moneyOut],
      ]
    : [
        ['Money in (stakes)', receipt.moneyIn],
        ['Refunds (failed)', receipt.refundsTotal],
        ['Stakes returned (successful)', receipt.stakesReturned],
        ['Pool', receipt.pool],
        ['Pool shares paid', receipt.sharesTotal],
        ['Rounding remainder distributed', receipt.roundingRemainder],
        ['Platform revenue', receipt.platformRevenue],
        ['Money out', receipt.moneyOut],
      ];
  return (
    <Stack gap={3} data-testid="settlement-receipt">
      <Heading as="h4" size="sm">
        Receipt · batch {receipt.batch}
        {pledge ? ' · pledge mode' : ''}
        {status ? ` · ${statusWord(status)}` : ''} · {receipt.participants} participants ({receipt.successes} successful, {receipt.failures} failed)
      </Heading>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm">
          <Table.Body>
            {totals.map(([label, value]) => (
              <Table.Row key={label}>
                <Table.Cell>{label}</Table.Cell>
                <Table.Cell textAlign="end">{formatINR(value, { alwaysPaise: true })}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {receipt.lines?.length ? (
        <SupportTable
          caption="Receipt lines (anonymous)"
          columns={['Line', 'Stake', 'Outcome', { label: 'Refund', textAlign: 'end' }, { label: pledge ? 'Donated' : 'Winnings', textAlign: 'end' }]}
        >
          {receipt.lines.map((l) => (
            <Table.Row key={l.line}>
              <Table.Cell>{l.line}</Table.Cell>
              <Table.Cell>{formatINR(l.stake, { alwaysPaise: true })}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={l.outcome === 'SUCCESS' ? 'green' : l.outcome === 'FORGIVEN' ? 'gray' : 'red'} data-outcome={l.outcome}>
                  {outcomeWord(l.outcome === 'SUCCESS' ? 'COMPLETED' : l.outcome)}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{formatINR(l.refund, { alwaysPaise: true })}</Table.Cell>
              <Table.Cell textAlign="end">{formatINR(pledge ? (l.donated ?? 0) : l.winnings, { alwaysPaise: true })}</Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        Rule: {receipt.rule}
      </Text>
    </Stack>
  );
}
