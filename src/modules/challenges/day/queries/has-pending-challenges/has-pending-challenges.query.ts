import { Query } from '@nestjs/cqrs';

/**
 * Whether a user has a challenge whose money is still at stake: any challenge not CANCELLED and not yet
 * PROCESSED (PENDING, or COMPLETED and awaiting settlement). Identity asks it before deleting an account.
 */
export class HasPendingChallengesQuery extends Query<boolean> {
  constructor(readonly userId: string) {
    super();
  }
}
