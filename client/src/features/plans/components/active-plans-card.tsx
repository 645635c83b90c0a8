import { Badge, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AsOfNote } from '@/components/ui/as-of-note';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { LoadFailed, loadStateOf } from '@/components/ui/load-failed';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useSavedAsOf } from '@/lib/use-last-dashboard';
import { planKeys } from '../api/plans-api';
import { usePlans } from '../hooks/use-plans';
import { nextBookingText, planTitle } from '../utils/plan-text';

/** Dashboard: the plans still running (active or paused) and what each books next; held while offline, said "as of". */
export function ActivePlansCard() {
  const plans = usePlans();
  const asOf = useSavedAsOf(planKeys.all(useAuth().user?.id ?? 'anonymous'));
  const load = loadStateOf(plans);
  const running = (plans.data ?? []).filter((p) => p.status !== 'CANCELLED' && (p.status === 'PAUSED' || p.nextDate !== null));
  return (
    <Card.Root data-testid="active-plans">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap={2}>
          <Heading as="h2" size="md">
            Plans
          </Heading>
          <Link asChild color="brand.fg" fontSize="sm" fontWeight="medium">
            <RouterLink to={`${paths.challenge}#plans`}>{running.length || !plans.data ? 'Manage plans' : 'Set up a plan'}</RouterLink>
          </Link>
        </HStack>
        <AsOfNote asOf={asOf} />
      </Card.Header>
      <Card.Body pt={0}>
        {load.failed ? (
          <LoadFailed message="We couldn't load your plans." onRetry={load.retry} retrying={load.retrying} />
        ) : plans.isPending ? (
          <LinesSkeleton label="Loading your plans..." lines={1} height="10" testId="active-plans-loading" />
        ) : running.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No repeating plans. A plan books your mornings for you, e.g. weekdays at 6:00 AM for 4 weeks.
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" m={0} p={0} gap={3}>
            {running.map((p) => (
              <Stack as="li" key={p.id} gap={0.5} data-testid="active-plan">
                <HStack gap={2} wrap="wrap">
                  <Text fontWeight="medium" fontSize="sm">
                    {planTitle(p)}
                  </Text>
                  {p.status === 'PAUSED' ? (
                    <Badge colorPalette="yellow" variant="subtle">
                      PAUSED
                    </Badge>
                  ) : null}
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {nextBookingText(p)}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
