import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { toRupees } from '../../../common/money.js';
import { GetProgressQuery } from './queries/get-progress/get-progress.query.js';

/** The progress charts: a year of mornings, wake-up against target per week, money in and out per month. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('me/progress')
export class ProgressController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'My year: each morning’s status, weekly mean wake-up target and check-in, money in and out per IST month (rupees)' })
  @ApiQuery({ name: 'year', required: false, description: 'YYYY (2000 to 2100); default: this year in IST' })
  async get(@CurrentUser() user: AuthUser, @Query('year') year?: unknown) {
    const p = await this.queryBus.execute(new GetProgressQuery(user.id, year));
    return {
      success: true,
      data: {
        year: p.year,
        mornings: p.mornings.map(({ date, status, wakeUpTime, checkInTime }) => ({ date, status, wakeUpTime, checkInTime })),
        weeks: p.weeks,
        months: p.months.map((m) => ({
          month: m.month,
          deposits: toRupees(m.deposits),
          withdrawals: toRupees(m.withdrawals),
          staked: toRupees(m.staked),
          returned: toRupees(m.returned),
          winnings: toRupees(m.winnings),
          other: toRupees(m.other),
          net: toRupees(m.net),
        })),
      },
    };
  }
}
