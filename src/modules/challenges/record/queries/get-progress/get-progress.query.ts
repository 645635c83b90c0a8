import { Query } from '@nestjs/cqrs';
import type { Morning, WeekPoint } from '../../domain/progress.js';
import type { MoneyMonth } from '../../../../wallet/queries/get-monthly-money/get-monthly-money.query.js';

/** A year of progress: every morning, the week means, and money per month (paise). */
export interface Progress {
  year: number;
  mornings: Morning[];
  weeks: WeekPoint[];
  months: MoneyMonth[];
}

/** The signed-in user's own progress for an IST year (`year` as sent: absent means this year; a bad one is a 400). */
export class GetProgressQuery extends Query<Progress> {
  constructor(
    readonly userId: string,
    readonly year: unknown,
  ) {
    super();
  }
}
