import { Query } from '@nestjs/cqrs';

export interface OutcomeTotal {
  /** paise */
  stake: bigint;
  isSuccessful: boolean;
  count: number;
}

/** The closed (COMPLETED), not yet settled challenges of a date, counted per stake and outcome (a pool estimate reads it). */
export class GetDateOutcomeTotalsQuery extends Query<OutcomeTotal[]> {
  constructor(
    readonly date: string,
    /** Pools are per date and proof */
    readonly proof: 'NONE' | 'PHOTO' = 'NONE',
  ) {
    super();
  }
}
