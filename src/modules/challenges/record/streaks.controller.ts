import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { toRupees } from '../../../common/money.js';
import { StreakStatisticsQueryDto } from '../day/dto/challenge.dto.js';
import { GetChallengeStatsQuery } from './queries/get-challenge-stats/get-challenge-stats.query.js';
import { GetChallengeStatisticsQuery } from './queries/get-challenge-statistics/get-challenge-statistics.query.js';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('streaks')
export class StreaksController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  async streaks(@CurrentUser() user: AuthUser) {
    const s = await this.queryBus.execute(new GetChallengeStatsQuery(user.id));
    return {
      success: true,
      data: {
        currentStreak: s.currentStreak,
        longestStreak: s.longestStreak,
        totalSuccessfulWakeUps: s.successfulChallenges,
        totalChallenges: s.totalChallenges,
        failedChallenges: s.failedChallenges,
        successRate: s.successRate,
        totalEarnings: toRupees(s.totalEarnings),
        totalLosses: toRupees(s.totalLosses),
      },
    };
  }

  @Get('statistics')
  async statistics(@CurrentUser() user: AuthUser, @Query() q: StreakStatisticsQueryDto) {
    return { success: true, data: await this.queryBus.execute(new GetChallengeStatisticsQuery(user.id, q.startDate, q.endDate)) };
  }
}
