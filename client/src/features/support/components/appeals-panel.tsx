import { Badge, Box, Button, Field, Flex, Heading, Image, Link, NativeSelect, Skeleton, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatISTDate, formatISTDateTime, formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { statusWord } from '@/lib/status-words';
import {
  decideAppeal,
  DECISION_NOTE_MIN,
  fetchAppealPhoto,
  fetchCheckInPhoto,
  listAppeals,
  type AppealDecision,
  type SupportAppeal,
  type SupportAppealStatus,
} from '../api/appeals-api';
import { supportKeys } from '../api/query-keys';
import { ErrorAlert, InfoAlert, SupportTable } from './panel-parts';

type Filter = SupportAppealStatus | 'ALL';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'OPEN', label: 'Open' },
  { value: 'REFUNDED', label: 'Refunded' },
  { value: 'UPHELD', label: 'Upheld' },
  { value: 'ALL', label: 'All' },
];
const appealsKey = (filter: Filter) => supportKeys.appealsBy(filter);

export function appealStatusPalette(status: SupportAppealStatus): string {
  return status === 'REFUNDED' ? 'green' : status === 'UPHELD' ? 'red' : 'orange';
}

const who = (a: SupportAppeal) => a.user?.email ?? a.userId;
const morning = (a: SupportAppeal) => (a.challenge ? formatISTDate(`${a.challenge.challengeDate}T12:00:00+05:30`) : 'unknown morning');

/** Appeals of missed mornings: the open ones to answer (oldest first), each refunded or upheld with a note the user reads. */
export function AppealsPanel() {
  const [filter, setFilter] = useState<Filter>('OPEN');
  const appeals = useQuery({ queryKey: appealsKey(filter), queryFn: ({ signal }) => listAppeals(filter, signal) });
  const [selected, setSelected] = useState<SupportAppeal | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <Stack gap={5} pt={4}>
      <Flex justify="space-between" align="end" gap={3} wrap="wrap">
        <Heading as="h2" size="lg">
          Appeals
        </Heading>
        <Flex gap={2} align="end">
          <Field.Root width="40">
            <Field.Label fontSize="sm">Show</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={filter}
                onChange={(e) => {
                  setFilter(e.currentTarget.value as Filter);
                  setSelected(null);
                }}
              >
                {FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button variant="outline" size="sm" onClick={() => void appeals.refetch()} loading={appeals.isFetching && !appeals.isPending}>
            Refresh
          </Button>
        </Flex>
      </Flex>
      <Text color="fg.muted">
        A user may dispute a miss within 48 hours. Refund gives back what the miss cost (the whole stake, or the forfeit if it was settled already); Uphold lets
        the miss stand. Either way the note goes to the user.
      </Text>
      {done ? <InfoAlert>{done}</InfoAlert> : null}
      {appeals.isPending ? (
        <Stack gap={2} role="status" aria-label="Loading appeals" data-testid="appeals-loading">
          <Skeleton height="8" />
          <Skeleton height="8" />
          <Skeleton height="8" />
        </Stack>
      ) : appeals.isError && appeals.data === undefined ? (
        <LoadFailed message="We couldn't load the appeals." onRetry={() => appeals.refetch()} retrying={appeals.isFetching} />
      ) : appeals.data.length === 0 ? (
        <Text color="fg.muted">{filter === 'OPEN' ? 'No appeals are waiting.' : 'No appeals here.'}</Text>
      ) : (
        <SupportTable columns={['Filed', 'User', 'Morning', 'Reason', 'Status']} actions label="Appeals">
          {appeals.data.map((a) => (
            <Table.Row key={a.id} data-testid="appeal-row" data-status={a.status}>
              <Table.Cell whiteSpace="nowrap">{formatISTDateTime(a.createdAt)}</Table.Cell>
              <Table.Cell>
                {a.user?.fullName ?? 'Unknown user'}
                <Text fontSize="xs" color="fg.muted">
                  {who(a)}
                </Text>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {morning(a)}
                {a.challenge ? (
                  <Text fontSize="xs" color="fg.muted">
                    {formatWakeUpTime(a.challenge.wakeUpTime)} IST · {formatINR(a.challenge.forfeitAmount)} staked
                    {a.challenge.failureReason ? ` · ${a.challenge.failureReason}` : ''}
                    {a.challenge.checkInTime ? ` · checked in ${formatISTDateTime(a.challenge.checkInTime)} IST` : ''}
                    {a.challenge.hasPhoto ? ' · photo stored' : ''}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell minW="60" whiteSpace="pre-wrap">
                {a.reason}
                {a.hasPhoto ? (
                  <Text fontSize="xs" color="fg.muted">
                    with a photo (see Decide)
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={appealStatusPalette(a.status)} variant="subtle">
                  {statusWord(a.status)}
                </Badge>
                {a.decisionNote ? (
                  <Text fontSize="xs" color="fg.muted" data-testid="appeal-note">
                    {a.decisionNote}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                {a.status === 'OPEN' ? (
                  <Button size="xs" variant="outline" onClick={() => setSelected(a)} aria-label={`Decide the appeal of ${who(a)}`}>
                    Decide
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      )}
      {selected ? (
        <DecideForm
          key={selected.id}
          appeal={selected}
          filter={filter}
          onCancel={() => setSelected(null)}
          onDone={(message) => {
            setSelected(null);
            setDone(message);
          }}
        />
      ) : null}
    </Stack>
  );
}

export function DecideForm({ appeal, filter, onDone, onCancel }: { appeal: SupportAppeal; filter: Filter; onDone(message: string): void; onCancel(): void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (decision: AppealDecision) => decideAppeal(appeal.id, decision, note.trim()),
    onSuccess: (decided, decision) => {
      // other filters are stale now; this list keeps the row, updated in place, until the next refresh
      void queryClient.invalidateQueries({ queryKey: supportKeys.appeals, refetchType: 'none' });
      queryClient.setQueryData<SupportAppeal[]>(appealsKey(filter), (rows) => rows?.map((r) => (r.id === appeal.id ? { ...r, ...decided } : r)));
      onDone(`${decision === 'REFUNDED' ? 'Refunded' : 'Upheld'}: the appeal of ${who(appeal)} (${morning(appeal)}). The note went to the user.`);
    },
  });
  const short = note.trim().length < DECISION_NOTE_MIN;
  return (
    <Stack gap={3} borderWidth="1px" borderColor="border" rounded="lg" p={4} data-testid="decide-form">
      <Heading as="h3" size="md">
        {who(appeal)}: {morning(appeal)}
      </Heading>
      <Text fontSize="sm" whiteSpace="pre-wrap">
        &ldquo;{appeal.reason}&rdquo;
      </Text>
      {appeal.hasPhoto || appeal.challenge?.hasPhoto ? (
        <Flex gap={4} wrap="wrap" align="start">
          {appeal.hasPhoto ? (
            <StoredPhoto id={`appeal:${appeal.id}`} load={(signal) => fetchAppealPhoto(appeal.id, signal)} name="the appeal photo" who={who(appeal)} />
          ) : null}
          {appeal.challenge?.hasPhoto ? (
            <StoredPhoto
              id={`check-in:${appeal.challengeId}`}
              load={(signal) => fetchCheckInPhoto(appeal.challengeId, signal)}
              name="the check-in photo"
              who={who(appeal)}
            />
          ) : null}
        </Flex>
      ) : null}
      {decide.isError ? <ErrorAlert error={decide.error} fallback="Could not record the decision" /> : null}
      <Field.Root required invalid={note.length > 0 && short}>
        <Field.Label>
          Note to the user <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          rows={3}
          maxLength={1000}
          placeholder="e.g. Our logs show the upload failed at 05:50."
        />
        <Field.HelperText>Required, at least {DECISION_NOTE_MIN} characters: the user reads it beside the decision.</Field.HelperText>
      </Field.Root>
      <Flex gap={3} wrap="wrap">
        <Button
          colorPalette="brand"
          onClick={() => decide.mutate('REFUNDED')}
          loading={decide.isPending && decide.variables === 'REFUNDED'}
          disabled={short || decide.isPending}
        >
          Refund
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => decide.mutate('UPHELD')}
          loading={decide.isPending && decide.variables === 'UPHELD'}
          disabled={short || decide.isPending}
        >
          Uphold the miss
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={decide.isPending}>
          Cancel
        </Button>
      </Flex>
    </Stack>
  );
}

/** A stored photo (the appeal's, or the check-in selfie), fetched only when staff ask (each look is recorded), shown here and openable full size. */
function StoredPhoto({ id, load, name, who }: { id: string; load: (signal: AbortSignal) => Promise<Blob>; name: string; who: string }) {
  const [asked, setAsked] = useState(false);
  const photo = useQuery({ queryKey: supportKeys.photo(id), queryFn: ({ signal }) => load(signal), enabled: asked, staleTime: Infinity, gcTime: 0 });
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!asked) {
    return (
      <Box>
        <Button size="sm" variant="outline" onClick={() => setAsked(true)}>
          Show {name}
        </Button>
      </Box>
    );
  }
  if (photo.isPending) return <Skeleton height="40" width="40" role="status" aria-label={`Loading ${name}`} />;
  if (photo.isError || !url) return <LoadFailed message={`We couldn't load ${name}.`} onRetry={() => photo.refetch()} retrying={photo.isFetching} />;
  return (
    <Stack gap={1} data-testid="stored-photo">
      <Image
        src={url}
        alt={`${name.replace(/^the /, '').replace(/^./, (c) => c.toUpperCase())} of ${who}`}
        maxH="60"
        maxW="60"
        objectFit="contain"
        rounded="md"
        borderWidth="1px"
      />
      <Link href={url} target="_blank" rel="noreferrer" fontSize="sm" color="brand.fg">
        Open {name} full size
      </Link>
    </Stack>
  );
}
