import { Query } from '@nestjs/cqrs';

/** Of these users, those whose privacy setting lets them appear on leaderboards (and whose account is open). */
export class GetLeaderboardVisibilityQuery extends Query<Set<string>> {
  constructor(readonly userIds: readonly string[]) {
    super();
  }
}
