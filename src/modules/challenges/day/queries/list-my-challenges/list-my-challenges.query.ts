import { Query } from '@nestjs/cqrs';
import type { ChallengeStatus } from '../../../shared/domain/challenge-rules.js';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';

export interface ChallengePage {
  challenges: ChallengeView[];
  page: number;
  size: number;
  total: number;
}

/** A page of the user's own challenges, newest first: one status, or every status but CANCELLED. */
export class ListMyChallengesQuery extends Query<ChallengePage> {
  constructor(
    readonly userId: string,
    readonly page: number,
    readonly size: number,
    readonly status?: ChallengeStatus,
  ) {
    super();
  }
}
