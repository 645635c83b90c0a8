import { Card, HStack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { getShields, wakeKeys } from '../api/wake-api';

/** Dashboard stats: the wake shields held and the mornings to the next one. */
export function ShieldsCard() {
  const userId = useAuth().user?.id ?? '';
  const shields = useQuery({ queryKey: wakeKeys.shields(userId), queryFn: ({ signal }) => getShields(signal), enabled: !!userId });
  const s = shields.data;
  return (
    <Card.Root data-testid="shields-card">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" gap={4} wrap="wrap">
          <Stat.Root>
            <Stat.Label>Wake Shields</Stat.Label>
            <Stat.ValueText>{s ? `${s.held} of ${s.max}` : shields.isError ? 'Unavailable' : '—'}</Stat.ValueText>
          </Stat.Root>
          {s ? (
            <Text fontSize="sm" color="fg.muted" maxW="sm">
              {s.atCap
                ? 'You hold the most shields you can: use one to excuse a morning before its window opens.'
                : `${s.nextShieldIn} more successful morning${s.nextShieldIn === 1 ? '' : 's'} in a row earn${s.nextShieldIn === 1 ? 's' : ''} the next shield.`}
            </Text>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
