import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useAppConfig } from '@/lib/config';
import { clockLine, greetingLine } from '../greeting';

/** Greeting with the first name, and a clock (IST) that ticks every second. */
export function DashboardHeader({ fullName, now }: { fullName?: string | null; now: Date }) {
  const pledge = useAppConfig().data?.poolMode === 'pledge';
  return (
    <HStack justify="space-between" align="flex-end" wrap="wrap" gap={{ base: 1, md: 3 }}>
      <Stack gap={1} minW={0}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere">
          {greetingLine(now, fullName)}
        </Heading>
        {/* a phone keeps the first screen for today's challenge: the tagline shows from md on */}
        <Text color="fg.muted" display={{ base: 'none', md: 'block' }}>
          {pledge ? 'Wake up on time, keep your streak, and keep your stake.' : 'Wake up on time, keep your streak, and earn from the pool.'}
        </Text>
      </Stack>
      <Text asChild fontVariantNumeric="tabular-nums" color="fg.muted" fontSize={{ base: 'sm', md: 'md' }} data-testid="clock">
        <time dateTime={now.toISOString()}>{clockLine(now)}</time>
      </Text>
    </HStack>
  );
}
