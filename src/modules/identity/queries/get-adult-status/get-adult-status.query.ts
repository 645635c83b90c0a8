import { Query } from '@nestjs/cqrs';

export interface AdultStatus {
  /** A date of birth is on file and shows 18 or over today (APP_TIMEZONE). */
  adult: boolean;
  dateOfBirth: string | null;
}

/** Money needs an adult on file: deposits and stakes ask this first. Null: no such user. */
export class GetAdultStatusQuery extends Query<AdultStatus | null> {
  constructor(readonly userId: string) {
    super();
  }
}
