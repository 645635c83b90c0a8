import { Button, Code, Field, Flex, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatISTDateTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { fetchPayoutsCsv, listManualPayouts, ManualPayout, markPayoutFailed, markPayoutPaid } from '../api/payouts-api';
import { supportKeys } from '../api/query-keys';
import { ErrorAlert, InfoAlert, QueryState, SupportTable } from './panel-parts';

/** Manual payouts: what staff must pay from the bank, its bulk-payment CSV, and the paid / failed mark of each. */
export function PayoutsPanel() {
  const payouts = useQuery({ queryKey: supportKeys.payouts, queryFn: listManualPayouts });
  const [selected, setSelected] = useState<ManualPayout | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const csv = useMutation({
    mutationFn: fetchPayoutsCsv,
    onSuccess: (text) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `wakestake-payouts-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    },
  });

  return (
    <Stack gap={5} pt={4}>
      <Flex justify="space-between" align="center" gap={3} wrap="wrap">
        <Heading as="h2" size="lg">
          Manual payouts
        </Heading>
        <Flex gap={2}>
          <Button variant="outline" size="sm" onClick={() => void payouts.refetch()} loading={payouts.isFetching}>
            Refresh
          </Button>
          <Button size="sm" colorPalette="brand" onClick={() => csv.mutate()} loading={csv.isPending} disabled={!payouts.data?.length}>
            Download bank CSV
          </Button>
        </Flex>
      </Flex>
      <Text color="fg.muted">
        Pay these from the bank, then mark each one paid with the bank reference, or failed (the whole amount goes back to the wallet).
      </Text>
      {csv.isError ? <ErrorAlert error={csv.error} fallback="Could not export the CSV" /> : null}
      {done ? <InfoAlert>{done}</InfoAlert> : null}
      <QueryState query={payouts} loading="Loading payouts..." errorFallback="Failed to load payouts" />
      {payouts.data && payouts.data.length === 0 ? <Text color="fg.muted">No payouts are waiting.</Text> : null}
      {payouts.data && payouts.data.length > 0 ? (
        <SupportTable columns={['Requested', 'Beneficiary', 'Destination', { label: 'Pay', textAlign: 'end' }, 'Reference']} actions>
          {payouts.data.map((p) => (
            <Table.Row key={p.withdrawalId} data-testid="payout-row">
              <Table.Cell>{formatISTDateTime(p.requestedAt)}</Table.Cell>
              <Table.Cell>
                {p.beneficiaryName}
                {p.userEmail ? (
                  <Text fontSize="xs" color="fg.muted">
                    {p.userEmail}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>{p.method === 'UPI' ? `UPI ${p.upiId}` : `${p.accountNumber} · ${p.ifscCode}`}</Table.Cell>
              <Table.Cell textAlign="end">{formatINR(p.netAmount)}</Table.Cell>
              <Table.Cell>
                <Code fontSize="xs">{p.withdrawalId}</Code>
              </Table.Cell>
              <Table.Cell>
                <Button size="xs" variant="outline" onClick={() => setSelected(p)} aria-label={`Mark payout to ${p.beneficiaryName}`}>
                  Mark
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      ) : null}
      {selected ? (
        <MarkForm
          key={selected.withdrawalId}
          payout={selected}
          onDone={(message) => {
            setSelected(null);
            setDone(message);
          }}
        />
      ) : null}
    </Stack>
  );
}

function MarkForm({ payout, onDone }: { payout: ManualPayout; onDone(message: string): void }) {
  const queryClient = useQueryClient();
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const after = (message: string) => () => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.payouts });
    onDone(message);
  };
  const paid = useMutation({
    mutationFn: () => markPayoutPaid(payout.withdrawalId, reference.trim()),
    onSuccess: after(`Marked paid: ${payout.beneficiaryName}, ${formatINR(payout.netAmount)}.`),
  });
  const failed = useMutation({
    mutationFn: () => markPayoutFailed(payout.withdrawalId, reason.trim()),
    onSuccess: after(`Marked failed: ${formatINR(payout.amount)} returned to the wallet.`),
  });
  return (
    <Stack gap={3} borderWidth="1px" borderColor="border" rounded="lg" p={4}>
      <Heading as="h3" size="md">
        {payout.beneficiaryName}: {formatINR(payout.netAmount)}
      </Heading>
      {paid.isError ? <ErrorAlert error={paid.error} fallback="Could not mark it paid" /> : null}
      {failed.isError ? <ErrorAlert error={failed.error} fallback="Could not mark it failed" /> : null}
      <Flex gap={3} align="end" wrap="wrap">
        <Field.Root maxW="72">
          <Field.Label>Bank reference</Field.Label>
          <Input value={reference} onChange={(e) => setReference(e.currentTarget.value)} placeholder="UTR or RRN" />
        </Field.Root>
        <Button colorPalette="brand" onClick={() => paid.mutate()} loading={paid.isPending} disabled={reference.trim().length < 3 || failed.isPending}>
          Mark paid
        </Button>
      </Flex>
      <Flex gap={3} align="end" wrap="wrap">
        <Field.Root maxW="72">
          <Field.Label>Why it failed</Field.Label>
          <Input value={reason} onChange={(e) => setReason(e.currentTarget.value)} placeholder="e.g. account closed" />
        </Field.Root>
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => failed.mutate()}
          loading={failed.isPending}
          disabled={reason.trim().length < 3 || paid.isPending}
        >
          Mark failed and refund
        </Button>
      </Flex>
    </Stack>
  );
}
