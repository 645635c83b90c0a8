import { Card, HStack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ShapeSkeleton } from '@/components/ui/lines-skeleton';
import { LoadFailed, loadStateOf } from '@/components/ui/load-failed';
import { useAuth } from '@/lib/auth';
import { getShields, wakeKeys, type Shields } from '../api/wake-api';

type Figures = Pick<Shields, 'atCap'> & { [K in 'held' | 'max' | 'nextShieldIn']: Shields[K] | '–' };

/** What the card looks like with shields; the first load draws it greyed out with dashes for the figures. */
function ShieldsFigures({ s }: { s: Figures }) {
  return (
    <HStack justify="space-between" align="flex-start" gap={4} wrap="wrap">
      <Stat.Root>
        <Stat.Label>Wake Shields</Stat.Label>
        <Stat.ValueText>{`${s.held} of ${s.max}`}</Stat.ValueText>
      </Stat.Root>
      <Text fontSize="sm" color="fg.muted" maxW="sm">
        {s.atCap
          ? 'You hold the most shields you can: use one to excuse a morning before its window opens.'
          : `${s.nextShieldIn} more successful morning${s.nextShieldIn === 1 ? '' : 's'} in a row earn${s.nextShieldIn === 1 ? 's' : ''} the next shield.`}
      </Text>
    </HStack>
  );
}

const PLACEHOLDER: Figures = { held: '–', max: '–', atCap: false, nextShieldIn: '–' };

/** Dashboard stats: the wake shields held and the mornings to the next one. */
export function ShieldsCard() {
  const userId = useAuth().user?.id ?? '';
  const shields = useQuery({ queryKey: wakeKeys.shields(userId), queryFn: ({ signal }) => getShields(signal), enabled: !!userId });
  const load = loadStateOf(shields);
  return (
    <Card.Root data-testid="shields-card">
      <Card.Body>
        {load.failed ? (
          <LoadFailed message="We couldn't load your wake shields." onRetry={load.retry} retrying={load.retrying} />
        ) : (
          <ShapeSkeleton loading={!shields.data} label="Loading your wake shields..." testId="shields-loading">
            <ShieldsFigures s={shields.data ?? PLACEHOLDER} />
          </ShapeSkeleton>
        )}
      </Card.Body>
    </Card.Root>
  );
}
