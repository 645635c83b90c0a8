import { Badge, Button, Field, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatISTDateTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { listOutages, OUTAGE_KIND_LABELS } from '../api/outages-api';
import { supportKeys } from '../api/query-keys';
import { QueryState, SupportTable } from './panel-parts';

/** Outages of a date and the misses each one forgave at settlement (the whole stake back). */
export function OutagesPanel() {
  const [dateInput, setDateInput] = useState('');
  const [date, setDate] = useState('');
  const list = useQuery({ queryKey: supportKeys.outages(date), queryFn: ({ signal }) => listOutages(date, signal) });
  const onShow = (e: FormEvent) => {
    e.preventDefault();
    setDate(dateInput);
  };
  return (
    <Stack gap={5} pt={4}>
      <Heading as="h2" size="lg">
        Outages
      </Heading>
      <Text color="fg.muted">A miss whose check-in window overlapped one of these (except a worker outage) was settled as forgiven: the whole stake back.</Text>
      <form onSubmit={onShow}>
        <HStack align="end" gap={3} wrap="wrap">
          <Field.Root maxW="60">
            <Field.Label>Date</Field.Label>
            <Input type="date" value={dateInput} onChange={(e) => setDateInput(e.target.value)} />
          </Field.Root>
          <Button type="submit" colorPalette="brand">
            Show
          </Button>
        </HStack>
      </form>
      <QueryState query={list} loading="Loading outages..." errorFallback="Failed to load outages" />
      {list.data ? (
        list.data.outages.length === 0 ? (
          <Text color="fg.muted">No outages recorded on {list.data.date}.</Text>
        ) : (
          <SupportTable
            caption={`Outages on ${list.data.date}`}
            label="Outages"
            columns={['Kind', 'From (IST)', 'To (IST)', 'Source', 'What happened', 'Forgave']}
          >
            {list.data.outages.map((o) => (
              <Table.Row key={o.id} data-testid="outage-row">
                <Table.Cell>
                  <Badge colorPalette={o.kind === 'WORKER_DOWN' ? 'gray' : 'orange'}>{OUTAGE_KIND_LABELS[o.kind] ?? o.kind}</Badge>
                </Table.Cell>
                <Table.Cell>{formatISTDateTime(o.startedAt)}</Table.Cell>
                <Table.Cell>{o.endedAt ? formatISTDateTime(o.endedAt) : 'Still going on'}</Table.Cell>
                <Table.Cell>{o.source === 'support' ? 'Staff' : 'Recorder'}</Table.Cell>
                <Table.Cell>{o.detail}</Table.Cell>
                <Table.Cell>
                  {o.forgiven.length === 0 ? (
                    'None'
                  ) : (
                    <Stack gap={0}>
                      {o.forgiven.map((f) => (
                        <Text key={f.challengeId} fontSize="sm">
                          Challenge {f.challengeId} ({f.date}): {formatINR(f.refunded)} back{f.paid ? '' : ' (paying)'}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </SupportTable>
        )
      ) : null}
    </Stack>
  );
}
