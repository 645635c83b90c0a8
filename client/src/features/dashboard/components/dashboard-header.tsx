import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useAppConfig } from '@/features/config';
import { APP_TIME_ZONE } from '@/lib/format';

const clockFmt = new Intl.DateTimeFormat('en-IN', {
  timeZone: APP_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
const hourFmt = new Intl.DateTimeFormat('en-GB', { timeZone: APP_TIME_ZONE, hour: '2-digit', hourCycle: 'h23' });

/** "Good morning" by the hour in IST. */
export function greetingFor(now: Date): string {
  const h = Number(hourFmt.format(now));
  if (h < 12) return 'Good morning';
  if (h < 17) return 'Good afternoon';
  return 'Good evening';
}

export function firstNameOf(fullName?: string | null): string {
  return fullName?.trim().split(/\s+/)[0] || 'there';
}

/** Greeting with the first name, and a clock (IST) that ticks every second. */
export function DashboardHeader({ fullName, now }: { fullName?: string | null; now: Date }) {
  const pledge = useAppConfig().data?.poolMode === 'pledge';
  return (
    <HStack justify="space-between" align="flex-end" wrap="wrap" gap={{ base: 1, md: 3 }}>
      <Stack gap={1} minW={0}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} overflowWrap="anywhere">
          {greetingFor(now)}, {firstNameOf(fullName)}!
        </Heading>
        {/* a phone keeps the first screen for today's challenge: the tagline shows from md on */}
        <Text color="fg.muted" display={{ base: 'none', md: 'block' }}>
          {pledge ? 'Wake up on time, keep your streak, and keep your stake.' : 'Wake up on time, keep your streak, and earn from the pool.'}
        </Text>
      </Stack>
      <Text asChild fontVariantNumeric="tabular-nums" color="fg.muted" fontSize={{ base: 'sm', md: 'md' }} data-testid="clock">
        <time dateTime={now.toISOString()}>{clockFmt.format(now)} IST</time>
      </Text>
    </HStack>
  );
}
