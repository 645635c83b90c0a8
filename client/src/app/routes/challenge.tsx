import { ChallengePage } from '@/features/challenges/components/challenge-page';

export function Component() {
  return <ChallengePage />;
}
