import { Alert, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatISTDateTime } from '@/lib/format';
import type { LedgerEntry, RelatedEntry, UserLedger as UserLedgerData } from '../api/support-api';
import { accountLabel, reasonLabel, refundPercent, type ChallengeStory } from '../ledger-story';
import { money, Mono, Postings, signed } from './ledger-parts';
import { QueryState } from './panel-parts';

/** The wallet's ledger, oldest first, told as a story: each entry's origin, postings and related moves, then the ending check. */
export function UserLedger({
  ledger,
  stories,
  onStory,
}: {
  ledger: UseQueryResult<UserLedgerData>;
  stories: Map<string, ChallengeStory>;
  onStory(id: string): void;
}) {
  const entries = ledger.data?.entries ?? [];
  const related = ledger.data?.related ?? [];
  const ending = entries.length ? entries[entries.length - 1].runningBalance : 0;
  return (
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
            onStory={onStory}
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
          Payout reference:{' '}
          {ref ? (
            <Mono>{ref}</Mono>
          ) : (
            <Text as="span" color="fg.muted">
              not paid out yet
            </Text>
          )}
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
                    {pool.account.startsWith('pool:') ? 'Pool movement' : 'Donation'}: {money(pool.amount)} from the challenge&apos;s stake to{' '}
                    {accountLabel(pool.account)}.
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
