import { Box, Container, Grid, GridItem, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useStagesAfterFirstPaint } from '@/components/ui/stages';

export interface DashboardPageProps {
  header: ReactNode;
  errorBanner?: ReactNode;
  testMode?: ReactNode;
  wallet: ReactNode;
  today: ReactNode;
  upcoming: ReactNode;
  pledges: ReactNode;
  stats: ReactNode;
  quickActions: ReactNode;
  history: ReactNode;
  /** Modals and other overlays. */
  children?: ReactNode;
}

/** The dashboard's layout (SPEC.md section 2); app/routes/dashboard.tsx fills it from the features. */
export function DashboardPage(props: DashboardPageProps) {
  const stage = useStagesAfterFirstPaint(3);
  return (
    <Container maxW="6xl" py={{ base: 3, md: 10 }}>
      <Stack gap={{ base: 4, md: 6 }}>
        {props.header}
        {props.errorBanner}
        {/* On a phone today's challenge (and its Check In) comes first, the balance below it; from lg the
            balance sits left of it as before. Today is first in the document either way. */}
        <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} templateAreas={{ base: '"today" "wallet"', lg: '"wallet today"' }} gap={{ base: 4, md: 6 }}>
          <GridItem gridArea="today" minW={0}>
            {props.today}
          </GridItem>
          <GridItem gridArea="wallet" minW={0}>
            {props.wallet}
          </GridItem>
        </Grid>
        {props.testMode}
        {stage >= 1 ? props.stats : null}
        {stage >= 2 ? (
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap={6}>
            <GridItem>{props.upcoming}</GridItem>
            <GridItem>{props.pledges}</GridItem>
          </Grid>
        ) : null}
        {stage >= 3 ? (
          <>
            {props.quickActions}
            {props.history}
          </>
        ) : (
          // Holds the footer below the fold until the last sections arrive (no layout shift).
          <Box minH="100dvh" aria-hidden="true" />
        )}
      </Stack>
      {props.children}
    </Container>
  );
}
