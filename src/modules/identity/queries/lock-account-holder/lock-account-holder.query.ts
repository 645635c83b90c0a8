import { Query } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';

/**
 * Inside the caller's transaction, locks a user's row for share and says whether the account is still open. Money
 * credited to a user (a deposit, a payout refunded) asks it first: a closure in progress waits for the credit (and
 * then sees the money and is refused), or the credit waits for the closure and goes to suspense. Null: no such user.
 */
export class LockAccountHolderQuery extends Query<{ open: boolean } | null> {
  constructor(
    readonly userId: string,
    readonly manager: EntityManager,
  ) {
    super();
  }
}
