import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { toRupees } from '../../../../../common/money.js';
import { addDays, isValidDate, zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { streaks, successRate } from '../../../shared/domain/challenge-rules.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { ChallengeStatistics, GetChallengeStatisticsQuery, MAX_RANGE_DAYS } from './get-challenge-statistics.query.js';

@QueryHandler(GetChallengeStatisticsQuery)
export class GetChallengeStatisticsHandler implements IQueryHandler<GetChallengeStatisticsQuery, ChallengeStatistics> {
  constructor(
    @Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, startDate, endDate }: GetChallengeStatisticsQuery): Promise<ChallengeStatistics> {
    if (startDate !== undefined && !isValidDate(startDate)) throw ChallengeErrors.invalid('startDate must be a date in the form YYYY-MM-DD');
    if (endDate !== undefined && !isValidDate(endDate)) throw ChallengeErrors.invalid('endDate must be a date in the form YYYY-MM-DD');
    const today = zonedParts(this.clock.now(), this.config.appTimezone).date;
    const end = endDate ?? (startDate && startDate > today ? startDate : today);
    const start = startDate ?? addDays(end, -29);
    if (start > end) throw ChallengeErrors.invalid('startDate must be on or before endDate');
    if (addDays(start, MAX_RANGE_DAYS - 1) < end) throw ChallengeErrors.invalid(`The date range can be at most ${MAX_RANGE_DAYS} days`);
    const rows = await this.reads.daily(userId, start, end);
    const byDate = new Map(rows.map((r) => [r.date, r]));
    const daily: { date: string; successful: number; failed: number; pending: number }[] = [];
    let successful = 0;
    let failed = 0;
    let pending = 0;
    let earnings = 0n;
    let losses = 0n;
    const outcomes: { date: string; isSuccessful: boolean }[] = [];
    for (let d = start; d <= end; d = addDays(d, 1)) {
      const r = byDate.get(d);
      const day = { date: d, successful: r?.successful ?? 0, failed: r?.failed ?? 0, pending: r?.pending ?? 0 };
      daily.push(day);
      successful += day.successful;
      failed += day.failed;
      pending += day.pending;
      if (r) {
        earnings += BigInt(r.earnings);
        losses += BigInt(r.losses);
        if (day.successful + day.failed > 0) outcomes.push({ date: d, isSuccessful: day.failed === 0 });
      }
    }
    const s = streaks(outcomes);
    return {
      startDate: start,
      endDate: end,
      totalChallenges: successful + failed + pending,
      successfulChallenges: successful,
      failedChallenges: failed,
      pendingChallenges: pending,
      successRate: successRate(successful, failed),
      totalEarnings: toRupees(earnings),
      totalLosses: toRupees(losses),
      longestStreakInRange: s.longestStreak,
      daily,
    };
  }
}
