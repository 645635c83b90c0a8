import { Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '@/components/ui/load-failed';
import { useStagesAfterFirstPaint } from '@/components/ui/stages';
import { istDateString } from '@/lib/format';
import { progressQueryOptions } from '../api/progress-api';
import { MoneyChart } from './money-chart';
import { WakeChart } from './wake-chart';
import { YearHeatmap } from './year-heatmap';

/** /progress: a year of mornings, wake-up against target, and money in and out, each chart with a table view. */
export function ProgressPage() {
  const thisYear = Number(istDateString().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const q = useQuery(progressQueryOptions(year));
  // the year's grid first, then each chart in a commit of its own (a chart's first drawing is one long task on a phone)
  const stage = useStagesAfterFirstPaint(2, !!q.data);
  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }} px={{ base: 3, md: 6 }}>
      <Stack gap={6}>
        <Stack gap={2}>
          <Heading as="h1" size="2xl">
            Your progress
          </Heading>
          <HStack gap={3}>
            <Button size="sm" variant="outline" onClick={() => setYear((y) => y - 1)} aria-label={`Show ${year - 1}`}>
              ← {year - 1}
            </Button>
            <Text fontWeight="semibold" aria-live="polite">
              {year}
            </Text>
            <Button size="sm" variant="outline" onClick={() => setYear((y) => y + 1)} disabled={year >= thisYear} aria-label={`Show ${year + 1}`}>
              {year + 1} →
            </Button>
          </HStack>
        </Stack>
        {q.isError && !q.data ? (
          <LoadFailed message="We couldn't load your progress." onRetry={() => q.refetch()} retrying={q.isFetching} />
        ) : !q.data ? (
          <Stack gap={4} aria-busy="true" aria-label="Loading your progress">
            <Skeleton h="160px" />
            <Skeleton h="240px" />
            <Skeleton h="240px" />
          </Stack>
        ) : (
          <>
            <YearHeatmap year={q.data.year} mornings={q.data.mornings} />
            <WakeChart weeks={q.data.weeks} drawn={stage >= 1} />
            <MoneyChart months={q.data.months} drawn={stage >= 2} />
          </>
        )}
      </Stack>
    </Container>
  );
}
