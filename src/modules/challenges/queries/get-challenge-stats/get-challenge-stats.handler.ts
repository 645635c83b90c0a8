import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { streaks, successRate } from '../../domain/challenge-rules.js';
import { ChallengeStats, GetChallengeStatsQuery } from './get-challenge-stats.query.js';

@QueryHandler(GetChallengeStatsQuery)
export class GetChallengeStatsHandler implements IQueryHandler<GetChallengeStatsQuery, ChallengeStats> {
  constructor(@Inject(getDataSourceToken()) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetChallengeStatsQuery): Promise<ChallengeStats> {
    const [totals] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE status <> 'CANCELLED')::int AS total,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND is_successful)::int AS successful,
              count(*) FILTER (WHERE status IN ('COMPLETED', 'PROCESSED') AND NOT is_successful)::int AS failed,
              coalesce(sum(winnings_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS earnings,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED'), 0)::text AS losses,
              coalesce(sum(actual_forfeit_amount) FILTER (WHERE status = 'PROCESSED' AND pool_mode = 'pledge' AND charity_id IS NOT NULL), 0)::text AS donated
         FROM challenges WHERE user_id = $1`,
      [userId],
    );
    const outcomes: { date: string; is_successful: boolean }[] = await this.dataSource.query(
      `SELECT challenge_date::text AS date, is_successful FROM challenges
        WHERE user_id = $1 AND status IN ('COMPLETED', 'PROCESSED') ORDER BY challenge_date`,
      [userId],
    );
    const s = streaks(outcomes.map((o) => ({ date: o.date, isSuccessful: o.is_successful })));
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
