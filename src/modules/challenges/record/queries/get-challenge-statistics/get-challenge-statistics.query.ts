import { Query } from '@nestjs/cqrs';

export interface ChallengeStatistics {
  startDate: string;
  endDate: string;
  totalChallenges: number;
  successfulChallenges: number;
  failedChallenges: number;
  pendingChallenges: number;
  successRate: number;
  /** rupees */
  totalEarnings: number;
  /** rupees */
  totalLosses: number;
  longestStreakInRange: number;
  daily: { date: string; successful: number; failed: number; pending: number }[];
}

/** Longest range GetChallengeStatisticsQuery answers, in days. */
export const MAX_RANGE_DAYS = 366;

/** Counts and a daily series of successes and failures over [startDate, endDate] (default: the last 30 days). */
export class GetChallengeStatisticsQuery extends Query<ChallengeStatistics> {
  constructor(
    readonly userId: string,
    readonly startDate?: string,
    readonly endDate?: string,
  ) {
    super();
  }
}
