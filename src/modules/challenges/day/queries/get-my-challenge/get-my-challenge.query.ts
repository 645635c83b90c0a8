import { Query } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';

/** One of the user's own challenges with what settlement will make of it (404 for anyone else's). */
export class GetMyChallengeQuery extends Query<ChallengeView> {
  constructor(
    readonly userId: string,
    readonly challengeId: string,
  ) {
    super();
  }
}
