import { Query } from '@nestjs/cqrs';

export interface CanCreateAnswer {
  canCreate: boolean;
  /** Why not, in words a user reads. */
  reason?: string;
}

/** Whether the user may stake a challenge on a date (YYYY-MM-DD) now, by the create route's rules. */
export class CanCreateChallengeQuery extends Query<CanCreateAnswer> {
  constructor(
    readonly userId: string,
    readonly date: string,
  ) {
    super();
  }
}
