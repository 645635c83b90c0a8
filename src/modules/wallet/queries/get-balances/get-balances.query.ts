import { Query } from '@nestjs/cqrs';

/** Several users' wallet balances in paise, from the projection, in one read (a user without a wallet has 0). */
export class GetBalancesQuery extends Query<Map<string, bigint>> {
  constructor(readonly userIds: readonly string[]) {
    super();
  }
}
