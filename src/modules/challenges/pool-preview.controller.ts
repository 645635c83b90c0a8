import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Clock } from '../../common/clock.js';
import { toRupees } from '../../common/money.js';
import { isValidDate, zonedParts } from '../../common/time.js';
import { AppConfig } from '../../config/app-config.js';
import { GetPoolPreviewQuery } from '../settlement/queries/get-pool-preview/get-pool-preview.query.js';
import { ChallengeErrors } from './challenges.errors.js';

/** Before staking and on the Today card: how many play a date and the pool so far. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('challenges')
export class PoolPreviewController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Get('pool')
  @ApiOperation({ summary: "A date's players, total at stake and pool so far (rupees; default today)" })
  @ApiQuery({ name: 'date', required: false })
  async pool(@Query('date') date?: unknown) {
    const day = date === undefined || date === '' ? zonedParts(this.clock.now(), this.config.appTimezone).date : date;
    if (typeof day !== 'string' || !isValidDate(day)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    const p = await this.queryBus.execute(new GetPoolPreviewQuery(day));
    return { success: true, data: { ...p, totalStaked: toRupees(p.totalStaked), pool: toRupees(p.pool) } };
  }
}
