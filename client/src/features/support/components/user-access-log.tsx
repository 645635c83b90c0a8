import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { formatISTDateTime } from '@/lib/format';
import type { AccessRecord } from '../api/support-api';
import { SupportTable } from './panel-parts';

/** Who looked at this user in the console. */
export function UserAccessLog({ records }: { records: AccessRecord[] }) {
  return (
    <Stack gap={2} data-testid="access-log">
      <Heading as="h3" size="md">
        Access record
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Who looked at this user in the console, newest first.
      </Text>
      {records.length === 0 ? (
        <Text color="fg.muted">No look-ups recorded.</Text>
      ) : (
        <SupportTable columns={['When (IST)', 'Who', 'What']} maxH="72">
          {records.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>{formatISTDateTime(r.createdAt)}</Table.Cell>
              <Table.Cell>{r.actorEmail}</Table.Cell>
              <Table.Cell>
                {r.action}
                {r.target ? ` · ${r.target}` : ''}
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      )}
    </Stack>
  );
}
