import { Box, Container, Grid, GridItem, Stack } from '@chakra-ui/react';
import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * False for the first render, true one frame later: the first screen (greeting, balance, today's challenge) is
 * committed and painted before the sections below it are rendered, so a phone shows it sooner and no single task
 * renders the whole dashboard.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setPainted(true));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show, 0);
    });
    const hidden = setTimeout(show, 250); // a background tab paints no frames
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(hidden);
    };
  }, []);
  return painted;
}

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
  const below = useAfterFirstPaint();
  return (
    <Container maxW="6xl" py={{ base: 3, md: 10 }}>
      <Stack gap={{ base: 4, md: 6 }}>
        {props.header}
        {props.errorBanner}
        {/* Issue #20: on a phone today's challenge (and its Check In) comes first, the balance below it; from lg the
            balance sits left of it as before. Today is first in the document either way. */}
        <Grid
          templateColumns={{ base: '1fr', lg: '1fr 2fr' }}
          templateAreas={{ base: '"today" "wallet"', lg: '"wallet today"' }}
          gap={{ base: 4, md: 6 }}
        >
          <GridItem gridArea="today" minW={0}>
            {props.today}
          </GridItem>
          <GridItem gridArea="wallet" minW={0}>
            {props.wallet}
          </GridItem>
        </Grid>
        {props.testMode}
        {below ? (
          <>
            {props.stats}
            <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap={6}>
              <GridItem>{props.upcoming}</GridItem>
              <GridItem>{props.pledges}</GridItem>
            </Grid>
            {props.quickActions}
            {props.history}
          </>
        ) : (
          // Holds the footer below the fold until the sections arrive (no layout shift).
          <Box minH="100dvh" aria-hidden="true" />
        )}
      </Stack>
      {props.children}
    </Container>
  );
}
