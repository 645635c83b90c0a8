import { Query } from '@nestjs/cqrs';

export interface ChallengeStats {
  totalChallenges: number;
  successfulChallenges: number;
  failedChallenges: number;
  currentStreak: number;
  longestStreak: number;
  successRate: number;
  /** paise */
  totalEarnings: bigint;
  /** paise */
  totalLosses: bigint;
  /** paise of the losses donated to charities (pledge-mode challenges); part of totalLosses */
  totalDonated: bigint;
}

/** A user's statistics, computed from their challenges (never stored copies). */
export class GetChallengeStatsQuery extends Query<ChallengeStats> {
  constructor(readonly userId: string) {
    super();
  }
}
