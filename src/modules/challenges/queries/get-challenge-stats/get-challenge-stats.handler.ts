import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { streaks, successRate } from '../../domain/challenge-rules.js';
import { ChallengeRepository } from '../../infrastructure/challenge.repository.js';
import { ChallengeStats, GetChallengeStatsQuery } from './get-challenge-stats.query.js';

@QueryHandler(GetChallengeStatsQuery)
export class GetChallengeStatsHandler implements IQueryHandler<GetChallengeStatsQuery, ChallengeStats> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  async execute({ userId }: GetChallengeStatsQuery): Promise<ChallengeStats> {
    const totals = await this.challenges.totals(userId);
    const s = streaks(await this.challenges.outcomes(userId));
    return {
      totalChallenges: totals.total,
      successfulChallenges: totals.successful,
      failedChallenges: totals.failed,
      currentStreak: s.currentStreak,
      longestStreak: s.longestStreak,
      successRate: successRate(totals.successful, totals.failed),
      totalEarnings: BigInt(totals.earnings),
      totalLosses: BigInt(totals.losses),
      totalDonated: BigInt(totals.donated),
    };
  }
}
