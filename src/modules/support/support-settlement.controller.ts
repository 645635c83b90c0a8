import { Controller, Get, HttpCode, Inject, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import { GetSupportSettlementsQuery } from '../settlement/queries/get-support-settlements/get-support-settlements.query.js';
import { RerunSettlementCommand } from '../settlement/commands/rerun-settlement/rerun-settlement.command.js';
import { SupportAccessInterceptor } from './support-access.interceptor.js';

/** Support console: settlement batches, receipts and alerts; re-run a date (the same idempotent job the scheduler runs). */
@ApiTags('support')
@ApiBearerAuth('bearer')
@Controller('support/settlements')
@UseInterceptors(SupportAccessInterceptor)
@Roles('SUPPORT')
export class SupportSettlementController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
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
    return { success: true, data: await this.commandBus.execute(new RerunSettlementCommand(date)) };
  }
}
