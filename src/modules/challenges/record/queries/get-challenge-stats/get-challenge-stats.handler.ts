import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { streaks, successRate } from '../../../shared/domain/challenge-rules.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { ChallengeStats, GetChallengeStatsQuery } from './get-challenge-stats.query.js';

@QueryHandler(GetChallengeStatsQuery)
export class GetChallengeStatsHandler implements IQueryHandler<GetChallengeStatsQuery, ChallengeStats> {
  constructor(@Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository) {}

  async execute({ userId }: GetChallengeStatsQuery): Promise<ChallengeStats> {
    const totals = await this.reads.totals(userId);
    const s = streaks(await this.reads.outcomes(userId));
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
