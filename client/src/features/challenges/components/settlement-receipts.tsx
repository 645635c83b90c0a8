import { Badge, Box, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { AsOfNote } from '@/components/ui/as-of-note';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { ListCard } from '@/components/ui/list-card';
import { LoadFailed, type LoadState } from '@/components/ui/load-failed';
import { formatINR } from '@/lib/money';
import type { Challenge } from '../api/types';
import { formatCalendarDate } from '../utils/dates';
import { receiptsOf, type ReceiptEntry, type ReceiptOutcome } from '../utils/receipts';

const SHOWN = 5;

const outcomeText: Record<ReceiptOutcome, { label: string; palette: string; line: (e: ReceiptEntry) => string }> = {
  WON: {
    label: 'Woke up',
    palette: 'green',
    line: (e) => (e.pledge ? 'Your stake came back in full' : 'How your winnings were computed'),
  },
  MISSED: { label: 'Missed', palette: 'red', line: () => 'What happened to your stake' },
  FORGIVEN: { label: 'Forgiven', palette: 'blue', line: () => 'Forgiven: your whole stake came back' },
};

/**
 * Past settlement receipts, one per settled day the user took part in, newest first; each opens that day's
 * receipt (worded for what happened to the user).
 */
export function SettlementReceipts({
  history,
  loading,
  load,
  asOf,
  onOpen,
}: {
  history: Challenge[];
  loading?: boolean;
  load?: LoadState;
  /** the list is not live ("as of 6:31 AM") */
  asOf?: string;
  onOpen: (entry: ReceiptEntry) => void;
}) {
  const receipts = receiptsOf(history);
  return (
    <ListCard
      title="Settlement receipts"
      headingId="receipts-heading"
      count={receipts.length}
      limit={SHOWN}
      testId="settlement-receipts"
      note={<AsOfNote asOf={asOf} />}
    >
      {(all) =>
        load?.failed ? (
          <LoadFailed message="We couldn't load your settled days." onRetry={load.retry} retrying={load.retrying} />
        ) : loading && !history.length ? (
          <LinesSkeleton label="Loading your settled days..." lines={2} height="10" testId="receipts-loading" />
        ) : receipts.length === 0 ? (
          <Text color="fg.muted">No settled days yet. A day's receipt appears here once it is settled.</Text>
        ) : (
          <Box as="ul" listStyleType="none" aria-labelledby="receipts-heading" data-testid="receipts-list">
            {(all ? receipts : receipts.slice(0, SHOWN)).map((e) => {
              const o = outcomeText[e.outcome];
              return (
                <Box
                  as="li"
                  key={e.date}
                  py={2}
                  borderBottomWidth="1px"
                  borderColor="border"
                  _last={{ borderBottomWidth: 0 }}
                  data-testid="receipt-entry"
                  data-outcome={e.outcome}
                  data-date={e.date}
                >
                  <HStack justify="space-between" gap={3} wrap="wrap">
                    <Stack gap={0} minW={0}>
                      <Text fontWeight="semibold">{formatCalendarDate(e.date)}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {formatINR(e.staked)} staked
                      </Text>
                    </Stack>
                    <HStack gap={2}>
                      <Badge colorPalette={o.palette} variant="subtle">
                        {o.label}
                      </Badge>
                      <Button size="sm" variant="outline" onClick={() => onOpen(e)}>
                        {o.line(e)}
                        <VisuallyHidden>, {formatCalendarDate(e.date)}</VisuallyHidden>
                      </Button>
                    </HStack>
                  </HStack>
                </Box>
              );
            })}
          </Box>
        )
      }
    </ListCard>
  );
}
