import { Query } from '@nestjs/cqrs';

export interface DatePlayersGroup {
  status: 'PENDING' | 'COMPLETED' | 'PROCESSED';
  isSuccessful: boolean | null;
  /** paise, one stake per group (stakes are whole rupees from ₹10 to ₹100: a handful of groups) */
  stake: bigint;
  count: number;
  /** paise kept from settled misses */
  forfeited: bigint;
}

/** A date's real (not test) challenges that are not cancelled, grouped by status, outcome and stake (the pool preview). */
export class GetDatePlayersQuery extends Query<DatePlayersGroup[]> {
  constructor(
    readonly date: string,
    /** Only this proof level's challenges (pools are per date and proof) */
    readonly proof: 'NONE' | 'PHOTO' = 'NONE',
  ) {
    super();
  }
}
