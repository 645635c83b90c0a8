import { Controller, Get, HttpCode, Inject, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Roles } from '../../common/auth/auth.decorators.js';
import { isValidDate } from '../../common/time.js';
import { SettlementQueue } from './infrastructure/settlement.queue.js';
import { GetSupportSettlementsQuery } from './queries/get-support-settlements/get-support-settlements.query.js';
import { SettlementErrors } from './settlement.errors.js';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SupportAccessInterceptor } from '../support/support-access.interceptor.js';

/** Support console: settlement batches, receipts and alerts; re-run a date (the same idempotent job the scheduler runs). */
@ApiTags('support')
@ApiBearerAuth('bearer')
@Controller('support/settlements')
@UseInterceptors(SupportAccessInterceptor)
@Roles('SUPPORT')
export class SupportSettlementController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(SettlementQueue) private readonly queue: SettlementQueue,
  ) {}

  @Get()
  async list(@Query('date') date?: string) {
    return { success: true, data: await this.queryBus.execute(new GetSupportSettlementsQuery(date ? date : null, false)) };
  }

  @Get(':date')
  async get(@Param('date') date: string) {
    return { success: true, data: await this.queryBus.execute(new GetSupportSettlementsQuery(date, true)) };
  }

  @Post(':date/rerun')
  @HttpCode(202)
  async rerun(@Param('date') date: string) {
    if (!isValidDate(date)) throw SettlementErrors.invalidDate(date);
    return { success: true, data: { date, ...(await this.queue.enqueueSettle(date)) } };
  }
}
