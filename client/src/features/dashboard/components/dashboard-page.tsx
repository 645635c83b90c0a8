import { Container, Grid, GridItem, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        {props.header}
        {props.errorBanner}
        {props.testMode}
        <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap={6}>
          <GridItem>{props.wallet}</GridItem>
          <GridItem>{props.today}</GridItem>
        </Grid>
        {props.stats}
        <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap={6}>
          <GridItem>{props.upcoming}</GridItem>
          <GridItem>{props.pledges}</GridItem>
        </Grid>
        {props.quickActions}
        {props.history}
      </Stack>
      {props.children}
    </Container>
  );
}
