import { Badge, Box, Heading, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { InfoDialog } from '@/components/ui/info-dialog';
import { LoadFailed } from '@/components/ui/load-failed';
import { useRules } from '@/lib/config';
import { formatINR } from '@/lib/money';
import { formatSignedINR, netResultOf, settledWords, type MoneyChallenge } from '@/lib/money-words';
import { statusWord } from '@/lib/status-words';
import { useChallengeHistory, useSettlement } from '../hooks/use-challenge-queries';
import { formatCalendarDate } from '../utils/dates';
import { outcomeOfLines, receiptTitle, type ReceiptOutcome } from '../utils/receipts';
import { appealDeadline, MissAppeal } from './miss-appeal';

const LINES_SHOWN = 100;

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export interface ReceiptModalProps {
  date: string | null;
  onClose: () => void;
  /** what happened to the user that day, known before the receipt loads (the receipts list, today's card) */
  outcome?: ReceiptOutcome;
  pledge?: boolean;
}

/**
 * The day's settlement receipt (GET /settlements/{date}): anonymous totals and lines, and the user's own line.
 * Titled for what happened to this user (won, missed, forgiven), from their lines once loaded.
 */
export function ReceiptModal({ date, onClose, outcome: hint, pledge: pledgeHint }: ReceiptModalProps) {
  const query = useSettlement(date);
  // the 48 h dispute window of a missed line runs from its challenge's window close (held by the history list)
  const history = useChallengeHistory();
  const deadlineOf = (challengeId: string) => {
    const c = history.data?.find((h) => h.id === challengeId);
    return c ? appealDeadline(c) : null;
  };
  const data = query.data;
  const r = data?.receipt;
  const mine = new Set((data?.yourLines ?? []).map((l) => l.lineNo));
  // pledge mode (POOL_MODE fixed at creation): nobody wins anyone's money, a miss donates; never "winnings" here
  const pledge = r ? r.mode === 'pledge' : !!pledgeHint;
  const title = receiptTitle(data ? outcomeOfLines(data.yourLines ?? []) : (hint ?? null), pledge);
  const rules = useRules();
  const pct = rules.missRefundPercent;
  // the user's line in the one vocabulary, as the card and the history say it
  const asMorning = (l: NonNullable<typeof data>['yourLines'][number]): MoneyChallenge => ({
    status: 'PROCESSED',
    forfeitAmount: l.stake,
    isSuccessful: l.isSuccessful,
    poolShare: l.isSuccessful ? (l.winnings ?? 0) : 0,
    actualForfeitAmount: l.isSuccessful || l.outcome === 'FORGIVEN' ? 0 : Math.round((l.stake - l.refund) * 100) / 100,
    forgivenReason: l.outcome === 'FORGIVEN' ? (l.forgiven?.reason ?? 'forgiven') : null,
    poolMode: pledge ? 'pledge' : 'pool',
    donationTo: charityName(l.charityId),
  });
  const charityName = (id?: string | null) => (id ? (r?.donations?.find((d) => d.charityId === id)?.name ?? id) : 'WakeStake (no charity configured)');

  return (
    <InfoDialog open={!!date} onClose={onClose} title={title} size="lg">
      {query.isPending ? (
        <Stack gap={3} data-testid="receipt-loading" aria-busy="true">
          <Skeleton h="5" w="60%" />
          <Skeleton h="16" />
          <SimpleGrid columns={{ base: 2, md: 3 }} gap={3}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h="10" />
            ))}
          </SimpleGrid>
        </Stack>
      ) : query.isError ? (
        <LoadFailed
          message={`We couldn't load the receipt${query.error instanceof Error && query.error.message ? `: ${query.error.message}` : '.'}`}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : data && r ? (
        <Stack gap={5} data-testid="receipt">
          <Text>
            Settlement of {formatCalendarDate(data.date)} (batch {r.batch}
            {r.proof === 'PHOTO' ? ' · photo-proof pool' : ''}){' '}
            <Badge colorPalette={data.status === 'SETTLED' ? 'green' : 'yellow'}>{statusWord(data.status)}</Badge>
          </Text>
          {data.yourLines.map((l) => (
            <Box key={l.lineNo} p={3} rounded="md" bg="brand.subtle" data-testid="your-line">
              <Text fontWeight="semibold">Your line (#{l.lineNo})</Text>
              {l.outcome === 'FORGIVEN' ? (
                <Text fontWeight="semibold" data-testid="forgiven-reason">
                  {l.forgiven?.reason ?? 'Forgiven: our service was down during your window'}
                </Text>
              ) : null}
              <Text data-testid="your-line-words">
                Stake {formatINR(l.stake)}, {l.outcome === 'FORGIVEN' ? 'missed but not your fault' : l.isSuccessful ? 'woke up on time' : 'missed'}.{' '}
                {settledWords(asMorning(l))} · net {formatSignedINR(netResultOf(asMorning(l)) ?? 0)}
                {l.paid ? '' : ' (payment in progress)'}
              </Text>
              {l.isSuccessful ? null : (
                <Box mt={2}>
                  <MissAppeal challengeId={l.challengeId} deadline={deadlineOf(l.challengeId)} label={formatCalendarDate(data.date)} />
                </Box>
              )}
            </Box>
          ))}
          <SimpleGrid columns={{ base: 2, md: 3 }} gap={3}>
            <Row label="Participants" value={String(r.participants)} />
            <Row label="Woke up" value={String(r.successes)} />
            <Row label="Missed" value={String(r.failures)} />
            {r.forgiven ? <Row label="Forgiven (our service was down)" value={String(r.forgiven)} testId="receipt-forgiven" /> : null}
            {pledge ? (
              <>
                <Row label={`Donated (${100 - pct}% of missed stakes)`} value={formatINR(r.donated ?? 0)} testId="receipt-donated" />
                {(r.donations ?? []).map((d) => (
                  <Row key={d.charityId} label={`To ${d.name} (${d.challenges} missed)`} value={formatINR(d.amount)} />
                ))}
              </>
            ) : (
              <>
                <Row label={`Pool (${100 - pct}% of missed stakes)`} value={formatINR(r.pool)} testId="receipt-pool" />
                <Row label="Shared among winners" value={formatINR(r.sharesTotal)} />
                <Row label="Rounding remainder" value={formatINR(r.roundingRemainder, { alwaysPaise: true })} />
              </>
            )}
            <Row label={`Refunds (${pct}%)`} value={formatINR(r.refundsTotal)} />
            <Row label="Stakes returned" value={formatINR(r.stakesReturned)} />
            <Row label={pledge ? 'To the platform (no charity configured)' : 'Platform revenue'} value={formatINR(r.platformRevenue)} />
            <Row label="Money in" value={formatINR(r.moneyIn)} />
            <Row label="Money out" value={formatINR(r.moneyOut)} />
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            Rule: {r.rule}
          </Text>
          {r.lines?.length ? (
            <Stack gap={2}>
              <Heading as="h3" size="sm">
                Every line (anonymous)
              </Heading>
              <Table.ScrollArea maxH="64" borderWidth="1px" rounded="md" tabIndex={0} aria-label="Receipt lines">
                <Table.Root size="sm" stickyHeader>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>#</Table.ColumnHeader>
                      <Table.ColumnHeader>Stake</Table.ColumnHeader>
                      <Table.ColumnHeader>Outcome</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Refund</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{pledge ? 'Donated' : 'Winnings'}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {r.lines.slice(0, LINES_SHOWN).map((l) => (
                      <Table.Row key={l.line} fontWeight={mine.has(l.line) ? 'bold' : undefined}>
                        <Table.Cell>
                          {l.line}
                          {mine.has(l.line) ? ' (you)' : ''}
                        </Table.Cell>
                        <Table.Cell>{formatINR(l.stake)}</Table.Cell>
                        <Table.Cell>{l.outcome === 'SUCCESS' ? 'Woke up' : l.outcome === 'FORGIVEN' ? 'Forgiven (our outage)' : 'Missed'}</Table.Cell>
                        <Table.Cell textAlign="end">{formatINR(l.refund)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatINR(pledge ? (l.donated ?? 0) : l.winnings)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              {r.lines.length > LINES_SHOWN ? (
                <Text fontSize="sm" color="fg.muted">
                  and {r.lines.length - LINES_SHOWN} more lines
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </InfoDialog>
  );
}
