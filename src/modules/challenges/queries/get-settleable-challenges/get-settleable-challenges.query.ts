import { Query } from '@nestjs/cqrs';

export interface SettleableChallenge {
  id: string;
  userId: string;
  challengeDate: string;
  stake: bigint;
  isSuccessful: boolean;
  createdAt: Date;
}

/** Closed (COMPLETED), not yet PROCESSED challenges of a date, ordered by id, keyset-paged by afterId. */
export class GetSettleableChallengesQuery extends Query<SettleableChallenge[]> {
  constructor(readonly date: string, readonly afterId: string | null = null, readonly limit = 1000) {
    super();
  }
}
