import { Container } from '@chakra-ui/react';
import { ChallengePage } from '@/features/challenges/components/challenge-page';
import { AskReferee } from '@/features/groups/components/ask-referee';
import { PlansSection } from '@/features/plans';

/** /challenge: one morning (the challenges feature) with the referee controls (groups), then "Repeat" (plans). */
export function Component() {
  return (
    <>
      <ChallengePage referee={(history) => <AskReferee challenges={history} withDate heading="Your referee" />} />
      <Container maxW="2xl" pb={{ base: 8, md: 12 }}>
        <PlansSection />
      </Container>
    </>
  );
}
