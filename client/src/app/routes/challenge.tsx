import { Container } from '@chakra-ui/react';
import { ChallengePage } from '@/features/challenges/components/challenge-page';
import { PlansSection } from '@/features/plans';

/** /challenge: one morning (the challenges feature), then "Repeat" (plans, issue #22). */
export function Component() {
  return (
    <>
      <ChallengePage />
      <Container maxW="2xl" pb={{ base: 8, md: 12 }}>
        <PlansSection />
      </Container>
    </>
  );
}
