import { Query } from '@nestjs/cqrs';

export interface PoolPreview {
  date: string;
  /** challenges booked for the date (not cancelled) */
  players: number;
  /** paise at stake across them */
  totalStaked: bigint;
  checkedIn: number;
  missed: number;
  /** paise the misses so far leave to the pool (settled or not) */
  pool: bigint;
  settled: boolean;
}

/** The number of players and the pool so far for a date, by settlement's own split rule (before staking, the Today card). */
export class GetPoolPreviewQuery extends Query<PoolPreview> {
  constructor(readonly date: string) {
    super();
  }
}
