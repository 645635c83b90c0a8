import { Query } from '@nestjs/cqrs';
import type { ChallengeDetail } from '../get-challenge-detail/get-challenge-detail.query.js';

/** All of a user's challenges, cancelled included, newest first (support console). */
export class ListUserChallengesQuery extends Query<ChallengeDetail[]> {
  constructor(readonly userId: string) {
    super();
  }
}
