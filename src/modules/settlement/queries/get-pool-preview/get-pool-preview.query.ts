import { Query } from '@nestjs/cqrs';

export interface PoolPreview {
  date: string;
  /** the proof level whose pool this is */
  proof: 'NONE' | 'PHOTO';
  /** challenges booked for the date (not cancelled) */
  players: number;
  /** paise at stake across them */
  totalStaked: bigint;
  checkedIn: number;
  missed: number;
  /** paise the misses so far leave to the pool (settled or not) */
  pool: bigint;
  settled: boolean;
  /** with a stake to estimate for: a win's share of the pool so far (paise, floored), counting every booked player not
   * missed yet as a winner beside this stake (the low end); absent without a stake */
  estimatedShare?: bigint;
}

/** The number of players and the pool so far for a date, by settlement's own split rule (before staking, the Today card). */
export class GetPoolPreviewQuery extends Query<PoolPreview> {
  constructor(
    readonly date: string,
    /** paise: estimate the share of a win with this stake joining the date (the upside before staking) */
    readonly stake?: bigint,
    /** The pool of this proof level (pools are per date and proof) */
    readonly proof: 'NONE' | 'PHOTO' = 'NONE',
  ) {
    super();
  }
}
