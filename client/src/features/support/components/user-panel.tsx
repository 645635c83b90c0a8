import { Alert, Badge, Box, Button, Card, DataList, Field, Flex, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatINR, formatISTDateTime } from '@/lib/format';
import { findUsers, getChallengeStory, getUserLedger, getUserPage, type LedgerEntry, type RelatedEntry, type SupportUser } from '../api/support-api';
import { accountLabel, challengeStories, reasonLabel, refundPercent, type ChallengeStory } from '../ledger-story';
import { ErrorAlert, QueryState, SupportTable } from './panel-parts';
import { ReceiptView } from './settlements-panel';

const money = (n: number) => formatINR(n, { alwaysPaise: true });
const signed = (n: number) => `${n < 0 ? '−' : '+'}${money(Math.abs(n))}`;

/** Find a user by email, name, phone or id; then their profile, balance and ledger. */
export function UserPanel() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [selected, setSelected] = useState<SupportUser | null>(null);
  const results = useQuery({ queryKey: ['support', 'users', search], queryFn: () => findUsers(search), enabled: search.length >= 2 });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const q = input.trim();
    if (q.length < 2) {
      setSearchError('Enter at least 2 characters');
      return;
    }
    setSearchError(null);
    setSelected(null);
    setSearch(q);
  };

  return (
    <Stack gap={5} pt={4}>
      <Heading as="h2" size="lg">
        Find a user
      </Heading>
      <form onSubmit={onSearch} noValidate>
        <HStack align="end" gap={3} wrap="wrap">
          <Field.Root invalid={!!searchError} maxW="md" flex="1">
            <Field.Label>Email, name, phone or user id</Field.Label>
            <Input name="search" value={input} onChange={(e) => setInput(e.target.value)} autoComplete="off" />
            {searchError ? <Field.ErrorText>{searchError}</Field.ErrorText> : null}
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={results.isFetching}>
            Search
          </Button>
        </HStack>
      </form>

      {results.isError ? <ErrorAlert error={results.error} fallback="Search failed" /> : null}
      {results.data && results.data.length === 0 ? <Text color="fg.muted">No users match “{search}”.</Text> : null}
      {results.data && results.data.length > 0 && !selected ? (
        <SupportTable
          caption={`${results.data.length} result${results.data.length === 1 ? '' : 's'}`}
          columns={['Name', 'Email', 'Phone', 'Balance', 'Joined']}
          actions
        >
          {results.data.map((u) => (
            <Table.Row key={u.id}>
              <Table.Cell>{u.fullName || '—'}</Table.Cell>
              <Table.Cell>{u.email}</Table.Cell>
              <Table.Cell>{u.phoneNumber || '—'}</Table.Cell>
              <Table.Cell>{formatINR(u.balance ?? 0)}</Table.Cell>
              <Table.Cell>{u.createdAt ? formatISTDateTime(u.createdAt) : '—'}</Table.Cell>
              <Table.Cell>
                <Button size="xs" variant="outline" onClick={() => setSelected(u)} aria-label={`Open ${u.email}`}>
                  Open
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      ) : null}

      {selected ? (
        <Stack gap={4}>
          <Box>
            <Button size="sm" variant="ghost" onClick={() => setSelected(null)}>
              ← Back to results
            </Button>
          </Box>
          <UserDetail user={selected} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function UserDetail({ user }: { user: SupportUser }) {
  const pageQuery = useQuery({ queryKey: ['support', 'user', user.id], queryFn: () => getUserPage(user.id), retry: false });
  const ledger = useQuery({ queryKey: ['support', 'ledger', user.id], queryFn: () => getUserLedger(user.id) });
  const stories = useMemo(() => challengeStories(ledger.data?.entries ?? []), [ledger.data]);
  const [storyId, setStoryId] = useState<string | null>(null);
  const entries = ledger.data?.entries ?? [];
  const related = ledger.data?.related ?? [];
  const ending = entries.length ? entries[entries.length - 1].runningBalance : 0;
  const page = pageQuery.data;
  const profile = page?.user ?? user;
  const stats = page?.stats;

  return (
    <Stack gap={5} data-testid="support-user">
      <Card.Root>
        <Card.Header>
          <Heading as="h3" size="md">
            {profile.fullName || profile.email}
          </Heading>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation="horizontal">
            <Item label="User id" value={profile.id} mono />
            <Item label="Email" value={`${profile.email}${profile.isEmailVerified ? ' (verified)' : ' (not verified)'}`} />
            <Item label="Phone" value={profile.phoneNumber || '—'} />
            <Item label="Role" value={profile.role ?? 'USER'} />
            <Item label="Joined" value={profile.createdAt ? `${formatISTDateTime(profile.createdAt)} IST` : '—'} />
            <Item label="Balance" value={formatINR(page?.balance ?? ledger.data?.balance ?? user.balance ?? 0)} />
            {stats ? (
              <>
                <Item label="Streak" value={`${stats.currentStreak ?? 0} current, ${stats.longestStreak ?? 0} longest`} />
                <Item
                  label="Challenges"
                  value={`${stats.totalChallenges ?? 0} total, ${stats.successfulChallenges ?? 0} successful, ${stats.failedChallenges ?? 0} failed`}
                />
                <Item label="Earnings / losses" value={`${formatINR(stats.totalEarnings ?? 0)} / ${formatINR(stats.totalLosses ?? 0)}`} />
              </>
            ) : null}
          </DataList.Root>
          {pageQuery.isError ? (
            <Text mt={3} fontSize="sm" color="fg.error">
              {errorMessage(pageQuery.error, 'Failed to load the profile page')}
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>

      {page ? <ChallengesTable challenges={page.challenges} onStory={setStoryId} /> : null}

      {storyId ? <ChallengeStoryCard challengeId={storyId} fallback={stories.get(storyId)} onClose={() => setStoryId(null)} /> : null}

      <Stack gap={3}>
        <Flex justify="space-between" align="center" wrap="wrap" gap={2}>
          <Heading as="h3" size="md">
            Ledger
          </Heading>
          {ledger.data ? (
            <Text fontSize="sm" color="fg.muted" fontFamily="mono">
              {ledger.data.account}
            </Text>
          ) : null}
        </Flex>
        <QueryState query={ledger} loading="Loading ledger..." errorFallback="Failed to load the ledger" />
        {ledger.data && entries.length === 0 ? <Text color="fg.muted">No ledger entries for this wallet.</Text> : null}
        <Stack as="ol" gap={3} listStyleType="none" aria-label="Ledger entries, oldest first">
          {entries.map((e) => (
            <EntryCard
              key={e.entryId}
              entry={e}
              wallet={ledger.data!.account}
              story={e.correlation.type === 'challenge' ? stories.get(e.correlation.id) : undefined}
              related={related.filter((r) => r.correlation.type === e.correlation.type && r.correlation.id === e.correlation.id)}
              isLastOfCorrelation={entries.filter((x) => x.correlation.id === e.correlation.id).at(-1)?.entryId === e.entryId}
              onStory={setStoryId}
            />
          ))}
        </Stack>
        {ledger.data && entries.length ? (
          <Alert.Root status={Math.abs(ending - ledger.data.balance) < 0.005 ? 'success' : 'error'} data-testid="ledger-ending">
            <Alert.Indicator />
            <Alert.Title>
              Running balance ends at {money(ending)}; wallet balance {money(ledger.data.balance)}
              {Math.abs(ending - ledger.data.balance) < 0.005 ? ' (they match)' : ' (MISMATCH)'}
            </Alert.Title>
          </Alert.Root>
        ) : null}
      </Stack>

      {page ? <AccessLog records={page.accessLog} /> : null}
    </Stack>
  );
}

function ChallengesTable({ challenges, onStory }: { challenges: import('../api/support-api').SupportChallengeRow[]; onStory(id: string): void }) {
  return (
    <Stack gap={2}>
      <Heading as="h3" size="md">
        Challenges
      </Heading>
      {challenges.length === 0 ? (
        <Text color="fg.muted">No challenges.</Text>
      ) : (
        <SupportTable columns={['Date', 'Wake-up', 'Stake', 'Status', 'Refund / winnings']} actions>
          {challenges.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell>
                {c.challengeDate}
                {c.isTest ? ' (test)' : ''}
              </Table.Cell>
              <Table.Cell>{c.wakeUpTime}</Table.Cell>
              <Table.Cell>{money(c.stake)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={c.isSuccessful === true ? 'green' : c.isSuccessful === false ? 'red' : 'gray'}>
                  {c.status}
                  {c.isSuccessful === false ? ' · FAILED' : c.isSuccessful === true ? ' · SUCCESS' : ''}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {money(c.refundedAmount)} / {money(c.winningsAmount)}
              </Table.Cell>
              <Table.Cell>
                <Button size="xs" variant="outline" onClick={() => onStory(c.id)} aria-label={`Story of the challenge of ${c.challengeDate}`}>
                  Story
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      )}
    </Stack>
  );
}

function AccessLog({ records }: { records: import('../api/support-api').AccessRecord[] }) {
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

function Item({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontFamily={mono ? 'mono' : undefined} wordBreak="break-all">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;
}

/** Where the entry came from: the server's links (deposit order/payment, challenge, withdrawal and payout reference). */
function Origin({ entry, onStory }: { entry: RelatedEntry; onStory(id: string): void }) {
  const m = entry.metadata ?? {};
  const l = entry.links ?? {};
  const { type, id } = entry.correlation;
  if (type === 'deposit') {
    const orderId = l.orderId ?? str(m.orderId) ?? id;
    const paymentId = l.paymentId ?? str(m.paymentId);
    const gateway = l.gateway ?? str(m.gateway);
    return (
      <Stack gap={0} fontSize="sm">
        <Text>
          Razorpay order: <Mono>{orderId}</Mono>
        </Text>
        {paymentId ? (
          <Text>
            Razorpay payment: <Mono>{paymentId}</Mono>
          </Text>
        ) : null}
        {gateway ? (
          <Text color="fg.muted">
            Gateway {gateway}
            {str(m.confirmedBy) ? `, confirmed by ${str(m.confirmedBy)}` : ''}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (type === 'challenge') {
    return (
      <HStack gap={2} wrap="wrap" fontSize="sm">
        <Text>
          Challenge <Mono>{l.challengeId ?? id}</Mono>
          {l.settlementDate ? ` · settlement of ${l.settlementDate}` : ''}
        </Text>
        <Button size="xs" variant="outline" onClick={() => onStory(l.challengeId ?? id)}>
          Challenge story
        </Button>
      </HStack>
    );
  }
  if (type === 'withdrawal') {
    const ref = l.payoutReference ?? str(m.payoutReference);
    return (
      <Stack gap={0} fontSize="sm">
        <Text>
          Withdrawal <Mono>{l.withdrawalId ?? id}</Mono>
          {str(m.method) ? ` · ${str(m.method)}` : ''}
        </Text>
        <Text>
          Payout reference: {ref ? <Mono>{ref}</Mono> : <Text as="span" color="fg.muted">not paid out yet</Text>}
        </Text>
        {str(m.why) ? <Text color="fg.muted">Reason: {str(m.why)}</Text> : null}
      </Stack>
    );
  }
  return (
    <Text fontSize="sm">
      {type}: <Mono>{id}</Mono>
    </Text>
  );
}

function Mono({ children }: { children: React.ReactNode }) {
  return (
    <Text as="span" fontFamily="mono" wordBreak="break-all">
      {children}
    </Text>
  );
}

function Postings({ entry, wallet }: { entry: RelatedEntry; wallet: string }) {
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

/** The forfeit of a related POOL_CONTRIBUTION entry (pool:{date}) or pledge-mode donation (charity:{id} or platform revenue). */
function pooledBy(entry: RelatedEntry): { amount: number; account: string } | null {
  const pledge = entry.reason === 'PLEDGE_DONATION' || entry.reason === 'PLEDGE_TO_PLATFORM';
  const p = entry.postings.find((x) => (x.account.startsWith('pool:') || (pledge && !x.account.startsWith('challenge:'))) && x.amount > 0);
  return p ? { amount: p.amount, account: p.account } : null;
}

function EntryCard({
  entry,
  wallet,
  story,
  related,
  isLastOfCorrelation,
  onStory,
}: {
  entry: LedgerEntry;
  wallet: string;
  story?: ChallengeStory;
  related: RelatedEntry[];
  isLastOfCorrelation: boolean;
  onStory(id: string): void;
}) {
  const pct = story ? refundPercent(story) : null;
  // Entries of the same challenge or withdrawal that never touch the wallet (pool moves, payouts) show under its last wallet entry.
  const extra = isLastOfCorrelation ? related : [];
  const derivedPool = entry.reason === 'STAKE_REFUNDED' && story && story.pooled > 0 && !related.some((r) => pooledBy(r));
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="lg" p={4} data-testid="ledger-entry" data-reason={entry.reason}>
      <Stack gap={3}>
        <Flex justify="space-between" gap={3} wrap="wrap">
          <Stack gap={0}>
            <Text fontWeight="semibold">
              {reasonLabel(entry.reason)}
              {entry.reason === 'STAKE_REFUNDED' && pct !== null ? ` (${pct}% of the stake)` : ''}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {formatISTDateTime(entry.postedAt)} IST · {entry.correlation.type}
            </Text>
          </Stack>
          <Stack gap={0} align="end">
            <Text fontWeight="bold" color={entry.amount < 0 ? 'fg.error' : 'fg.success'} data-testid="entry-amount">
              {signed(entry.amount)}
            </Text>
            <Text fontSize="sm" data-testid="running-balance">
              Balance after: {money(entry.runningBalance)}
            </Text>
          </Stack>
        </Flex>
        <Origin entry={entry} onStory={onStory} />
        <Postings entry={entry} wallet={wallet} />
        <Text fontSize="xs" color="fg.muted" fontFamily="mono" wordBreak="break-all">
          entry {entry.entryId}
          {entry.idempotencyKey ? ` · key ${entry.idempotencyKey}` : ''}
        </Text>
        {derivedPool ? (
          <Text fontSize="sm" data-testid="pool-movement">
            Pool movement: the rest of the stake, {money(story!.pooled)}, moved from the challenge&apos;s stake to the day&apos;s pool.
          </Text>
        ) : null}
        {extra.map((r) => {
          const pool = pooledBy(r);
          return (
            <Box key={r.entryId} borderLeftWidth="3px" borderColor="brand.border" ps={3} data-testid="related-entry">
              <Stack gap={2}>
                <Text fontSize="sm" fontWeight="semibold">
                  Related, not on this wallet: {reasonLabel(r.reason)} · {formatISTDateTime(r.postedAt)} IST
                </Text>
                {pool ? (
                  <Text fontSize="sm" data-testid="pool-movement">
                    {pool.account.startsWith('pool:') ? 'Pool movement' : 'Donation'}: {money(pool.amount)} from the challenge&apos;s stake to {accountLabel(pool.account)}.
                  </Text>
                ) : null}
                {r.links?.payoutReference ? (
                  <Text fontSize="sm">
                    Payout reference: <Mono>{r.links.payoutReference}</Mono>
                  </Text>
                ) : null}
                <Postings entry={r} wallet={wallet} />
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

function ChallengeStoryCard({ challengeId, fallback, onClose }: { challengeId: string; fallback?: ChallengeStory; onClose(): void }) {
  const query = useQuery({ queryKey: ['support', 'challenge', challengeId], queryFn: () => getChallengeStory(challengeId), retry: false });
  const s = query.data;
  return (
    <Card.Root borderColor="brand.border" data-testid="challenge-story">
      <Card.Header>
        <Flex justify="space-between" align="center" gap={2} wrap="wrap">
          <Heading as="h3" size="md">
            Challenge story
          </Heading>
          <Button size="xs" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </Flex>
        <Text fontSize="sm" fontFamily="mono" wordBreak="break-all">
          {challengeId}
        </Text>
      </Card.Header>
      <Card.Body>
        {query.isPending ? <Text role="status">Loading the story...</Text> : null}
        {query.isError ? (
          <Stack gap={2}>
            <Text color="fg.error">{errorMessage(query.error, 'Failed to load the challenge')}</Text>
            {fallback ? <Text fontSize="sm">From this wallet&apos;s ledger: stake {money(fallback.stake)}, refund {money(fallback.refund)}, to the pool {money(fallback.pooled)}.</Text> : null}
          </Stack>
        ) : null}
        {s ? (
          <Stack gap={3}>
            <DataList.Root orientation="horizontal" size="sm">
              <Item label="Date and wake-up" value={`${s.challenge.challengeDate} at ${s.challenge.wakeUpTime}${s.challenge.isTest ? ' (test challenge)' : ''}`} />
              <Item label="Check-in window" value={`${formatISTDateTime(s.challenge.windowOpensAt)} – ${formatISTDateTime(s.challenge.windowClosesAt)} IST`} />
              <Item label="Created" value={`${formatISTDateTime(s.created.at)} IST, stake ${money(s.created.stake)}`} />
              <Item
                label="Check-in"
                value={
                  s.checkIn
                    ? `${formatISTDateTime(s.checkIn.at)} IST · ${s.checkIn.method ?? '—'}${s.checkIn.location ? ` · ${s.checkIn.location}` : ''}${s.checkIn.notes ? ` · “${s.checkIn.notes}”` : ''}${s.checkIn.hasPhoto ? ' · photo stored' : ''}`
                    : 'None'
                }
              />
              <Item
                label="Closed"
                value={s.closed ? `${s.closed.at ? `${formatISTDateTime(s.closed.at)} IST · ` : ''}${s.closed.outcome}${s.closed.failureReason ? ` (${s.closed.failureReason})` : ''}` : 'Not yet'}
              />
              {s.cancelled ? <Item label="Cancelled" value={`${formatISTDateTime(s.cancelled.at)} IST`} /> : null}
              <Item
                label="Settled"
                value={
                  s.settled
                    ? `${s.settled.at ? `${formatISTDateTime(s.settled.at)} IST · ` : ''}settlement of ${s.settled.date} · refund ${money(s.settled.refund)} · winnings ${money(s.settled.winnings)} · to the pool ${money(s.settled.forfeit)}`
                    : 'Not yet'
                }
              />
              {s.settled?.line ? (
                <Item
                  label="Receipt line"
                  value={`Batch ${s.settled.line.batch} (${s.settled.line.runStatus}), line ${s.settled.line.lineNo}: stake ${money(s.settled.line.stake)}, ${s.settled.line.outcome}, refund ${money(s.settled.line.refund)}, pooled ${money(s.settled.line.pooled)}, winnings ${money(s.settled.line.winnings)}${s.settled.line.paid ? ', paid' : ', not paid yet'}`}
                />
              ) : null}
            </DataList.Root>
            {s.settled?.receipt ? <ReceiptView receipt={s.settled.receipt} /> : null}
            <Heading as="h4" size="sm">
              Ledger entries of this challenge
            </Heading>
            {s.ledger.map((e) => (
              <Box key={e.entryId}>
                <Text fontSize="sm" fontWeight="semibold">
                  {formatISTDateTime(e.postedAt)} IST · {reasonLabel(e.reason)}
                </Text>
                <Postings entry={e} wallet="" />
              </Box>
            ))}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
