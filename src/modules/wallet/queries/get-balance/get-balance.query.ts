import { Query } from '@nestjs/cqrs';

/** A user's wallet balance in paise, from the projection. */
export class GetBalanceQuery extends Query<{ balance: bigint }> {
  constructor(readonly userId: string) {
    super();
  }
}
