import { DataList, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatINR } from '@/lib/money';
import type { RelatedEntry } from '../api/support-api';
import { accountLabel } from '../ledger-story';

// Pieces the user panel's sections share: paise-exact money, a labelled value, a monospace id, an entry's postings.

export const money = (n: number) => formatINR(n, { alwaysPaise: true });
export const signed = (n: number) => `${n < 0 ? '−' : '+'}${money(Math.abs(n))}`;

export function Item({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontFamily={mono ? 'mono' : undefined} wordBreak="break-all">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

export function Mono({ children }: { children: ReactNode }) {
  return (
    <Text as="span" fontFamily="mono" wordBreak="break-all">
      {children}
    </Text>
  );
}

export function Postings({ entry, wallet }: { entry: RelatedEntry; wallet: string }) {
  return (
    <Table.Root size="sm" variant="outline">
      <Table.Caption captionSide="top" textAlign="start" srOnly>
        Postings of entry {entry.entryId}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Account</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Debit</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Credit</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entry.postings.map((p) => (
          <Table.Row key={p.account}>
            <Table.Cell wordBreak="break-all">{accountLabel(p.account, wallet)}</Table.Cell>
            <Table.Cell textAlign="end">{p.amount < 0 ? money(-p.amount) : ''}</Table.Cell>
            <Table.Cell textAlign="end">{p.amount > 0 ? money(p.amount) : ''}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
