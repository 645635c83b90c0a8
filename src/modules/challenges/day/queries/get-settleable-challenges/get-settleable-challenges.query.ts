import { Query } from '@nestjs/cqrs';

export interface SettleableChallenge {
  id: string;
  userId: string;
  challengeDate: string;
  stake: bigint;
  isSuccessful: boolean;
  createdAt: Date;
  /** fixed at creation (POOL_MODE) */
  poolMode: 'pool' | 'pledge';
  /** pledge mode: where the miss goes (null: the platform) */
  charityId: string | null;
  /** the check-in window (settlement forgives a miss whose window overlapped an outage) */
  windowOpensAt: Date;
  windowClosesAt: Date;
  /** a miss with a reason its owner reads at settlement (a rejected proof photo); null otherwise */
  missNote: string | null;
}

/**
 * Closed (COMPLETED), not yet PROCESSED challenges of a date, ordered by id, keyset-paged by afterId. `isTest`: only the
 * TEST_MODE challenges (true), only the real ones (false) or both (null): the two never settle in one pool.
 */
export class GetSettleableChallengesQuery extends Query<SettleableChallenge[]> {
  constructor(
    readonly date: string,
    readonly afterId: string | null = null,
    readonly limit = 1000,
    readonly isTest: boolean | null = null,
    /** only the challenges of this POOL_MODE (null: both): the two never settle in one pool */
    readonly poolMode: 'pool' | 'pledge' | null = null,
    /** only the challenges of this proof level (null: both): pools are per date and proof */
    readonly proof: 'NONE' | 'PHOTO' | null = null,
  ) {
    super();
  }
}
