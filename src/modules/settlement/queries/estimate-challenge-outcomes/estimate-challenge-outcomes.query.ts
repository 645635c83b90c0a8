import { Query } from '@nestjs/cqrs';

export interface OutcomeToEstimate {
  challengeDate: string;
  /** paise */
  stake: bigint;
  /** SUCCESS: checked in on time, awaiting settlement; FAILED: late or missed; PENDING: not checked in yet (estimated as a win) */
  outcome: 'SUCCESS' | 'FAILED' | 'PENDING';
  /** The pool is the date's of this proof level (absent: NONE) */
  proof?: 'NONE' | 'PHOTO';
}

export interface OutcomeEstimate {
  /** paise a failed challenge leaves to the pool (the stake minus its refund); 0 for the others */
  forfeit: bigint;
  /** paise of the date's pool so far this stake would earn as a winner; null when not asked (withPool false) or failed */
  poolShare: bigint | null;
}

/**
 * What settlement will make of challenges not settled yet, by its own split rule: a failed one's forfeit at once,
 * and (withPool) a winner's share of the date's pool as it stands now. Answers one estimate per item, in order.
 */
export class EstimateChallengeOutcomesQuery extends Query<OutcomeEstimate[]> {
  constructor(
    readonly items: readonly OutcomeToEstimate[],
    readonly withPool: boolean,
  ) {
    super();
  }
}
