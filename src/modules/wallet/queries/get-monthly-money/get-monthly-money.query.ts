import { Query } from '@nestjs/cqrs';
import type { MoneyMonth } from '../../domain/money-months.js';

export type { MoneyMonth };

/** Money in and out of a user's wallet in each IST month of a year, straight from the ledger's postings (paise). */
export class GetMonthlyMoneyQuery extends Query<MoneyMonth[]> {
  constructor(
    readonly userId: string,
    readonly year: number,
  ) {
    super();
  }
}
