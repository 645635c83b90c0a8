import { Box, Container } from '@chakra-ui/react';
import { useStagesAfterFirstPaint } from '@/components/ui/stages';
import { ChallengePage } from '@/features/challenges/components/challenge-page';
import { AskReferee } from '@/features/groups/components/ask-referee';
import { PlansSection } from '@/features/plans';

/**
 * /challenge: one morning (the challenges feature) with the referee controls (groups), then "Repeat" (plans). The form
 * is committed and painted first; the referee's card and the plans (a second form) follow in commits of their own.
 */
export function Component() {
  const stage = useStagesAfterFirstPaint(2);
  return (
    <>
      <ChallengePage referee={stage >= 1 ? (history) => <AskReferee challenges={history} withDate heading="Your referee" /> : undefined} />
      <Container maxW="2xl" pb={{ base: 8, md: 12 }}>
        {/* Holds the footer below the fold until the plans arrive (no layout shift). */}
        {stage >= 2 ? <PlansSection /> : <Box minH="100dvh" aria-hidden="true" />}
      </Container>
    </>
  );
}
