import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AsOfNote } from '@/components/ui/as-of-note';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { ListCard } from '@/components/ui/list-card';
import { LoadFailed, type LoadState } from '@/components/ui/load-failed';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { formatSignedINR, grossLines, netResultOf, settledWords } from '@/lib/money-words';
import { outcomeWord, proofStatusWord, proofWord } from '@/lib/status-words';
import type { Challenge } from '../api/types';
import { HISTORY_ALL_LIMIT, HISTORY_LIMIT, historyLabel, isForgiven } from '../utils/challenge-rules';
import { formatCalendarDate } from '../utils/dates';
import { appealDeadline, isMiss, MissAppeal } from './miss-appeal';

/**
 * Challenge History: COMPLETED and PROCESSED, newest first, 5 entries; View All shows up to 50. `asOf`: the list is not
 * live, said under the title.
 */
export function ChallengeHistory({ history, loading, load, asOf }: { history: Challenge[]; loading?: boolean; load?: LoadState; asOf?: string }) {
  return (
    <ListCard title="Challenge History" count={history.length} limit={HISTORY_LIMIT} note={<AsOfNote asOf={asOf} />}>
      {(all) =>
        load?.failed ? (
          <LoadFailed message="We couldn't load your challenge history." onRetry={load.retry} retrying={load.retrying} />
        ) : loading && !history.length ? (
          <LinesSkeleton label="Loading your challenge history..." testId="history-loading" />
        ) : history.length === 0 ? (
          <Text color="fg.muted">No finished challenges yet.</Text>
        ) : (
          <Box
            as="ul"
            listStyleType="none"
            maxH={all ? '96' : undefined}
            overflowY={all ? 'auto' : undefined}
            tabIndex={all ? 0 : undefined}
            aria-label="Challenge history"
            data-testid="history-list"
          >
            {history.slice(0, all ? HISTORY_ALL_LIMIT : HISTORY_LIMIT).map((c) => {
              const label = historyLabel(c);
              const forgiven = isForgiven(c);
              return (
                <Box as="li" key={c.id} py={3} borderBottomWidth="1px" borderColor="border" _last={{ borderBottomWidth: 0 }}>
                  <HStack justify="space-between" gap={3}>
                    <Stack gap={0}>
                      <Text fontWeight="semibold">{formatCalendarDate(c.challengeDate)}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {formatWakeUpTime(c.wakeUpTime)} IST · {formatINR(c.forfeitAmount)} staked · {proofWord(c.proof)}
                        {c.failureReason && c.proofStatus !== 'REJECTED' ? ` · ${c.failureReason}` : ''}
                      </Text>
                      {proofStatusWord(c) ? (
                        <Text fontSize="sm" data-testid="history-proof-status" data-status={c.proofStatus ?? ''}>
                          {proofStatusWord(c)}
                        </Text>
                      ) : null}
                      {forgiven ? (
                        <Text fontSize="sm" data-testid="forgiven-reason">
                          {c.forgivenReason}
                        </Text>
                      ) : null}
                    </Stack>
                    <Stack gap={1} align="flex-end">
                      <Badge colorPalette={label === 'COMPLETED' ? 'green' : label === 'FORGIVEN' ? 'blue' : 'red'} variant="subtle">
                        {outcomeWord(label)}
                      </Badge>
                    </Stack>
                  </HStack>
                  <NetResult challenge={c} />
                  {isMiss(c) && !forgiven ? (
                    <Box mt={2}>
                      <MissAppeal challengeId={c.id} deadline={appealDeadline(c)} label={formatCalendarDate(c.challengeDate)} />
                    </Box>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        )
      }
    </ListCard>
  );
}

/**
 * A settled morning shows its NET result (what it did to the wallet: "+₹9", "−₹4.50", "₹0"), so that a column
 * of them adds up to the real total; the gross lines (staked, back, winnings) open on tap.
 */
function NetResult({ challenge: c }: { challenge: Challenge }) {
  const [open, setOpen] = useState(false);
  const net = netResultOf(c);
  if (net === null) {
    return (
      <Text fontSize="sm" color="fg.muted" mt={1} data-testid="history-net">
        Awaiting settlement
      </Text>
    );
  }
  return (
    <Box mt={1}>
      <HStack justify="space-between" gap={3}>
        <Button
          variant="plain"
          size="sm"
          px={0}
          h="auto"
          color="fg.muted"
          textDecoration="underline"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          data-testid="history-words"
        >
          {settledWords(c)}
        </Button>
        <Text
          fontWeight="bold"
          color={net > 0 ? 'fg.success' : net < 0 ? 'fg.error' : undefined}
          data-testid="history-net"
          aria-label={`Net result ${formatSignedINR(net)}`}
        >
          {formatSignedINR(net)}
        </Text>
      </HStack>
      {open ? (
        <Box as="dl" mt={1} fontSize="sm" data-testid="history-gross">
          {grossLines(c).map((l) => (
            <HStack key={l.label} justify="space-between">
              <Text as="dt" color="fg.muted">
                {l.label}
              </Text>
              <Text as="dd">{l.amount}</Text>
            </HStack>
          ))}
          <HStack justify="space-between" borderTopWidth="1px" borderColor="border">
            <Text as="dt" fontWeight="semibold">
              Net
            </Text>
            <Text as="dd" fontWeight="semibold">
              {formatSignedINR(net)}
            </Text>
          </HStack>
        </Box>
      ) : null}
    </Box>
  );
}
