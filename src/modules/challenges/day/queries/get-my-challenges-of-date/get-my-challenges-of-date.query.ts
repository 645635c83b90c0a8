import { Query } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';

export interface ChallengesOfDate {
  challenges: ChallengeView[];
  /** The first of them (earliest wake-up), or null. */
  challenge: ChallengeView | null;
}

/** The user's challenges of one date (YYYY-MM-DD), cancelled ones left out, earliest wake-up first. */
export class GetMyChallengesOfDateQuery extends Query<ChallengesOfDate> {
  constructor(
    readonly userId: string,
    readonly date: string,
  ) {
    super();
  }
}
