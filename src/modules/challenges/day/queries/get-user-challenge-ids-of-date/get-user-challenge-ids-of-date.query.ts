import { Query } from '@nestjs/cqrs';

/**
 * The ids of a user's challenges of one date that were not cancelled (at most one; settlement asks it to find the
 * user's lines of a settled day by their challenge).
 */
export class GetUserChallengeIdsOfDateQuery extends Query<string[]> {
  constructor(
    readonly userId: string,
    readonly date: string,
  ) {
    super();
  }
}
