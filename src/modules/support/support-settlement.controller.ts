import { Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { GetSupportSettlementsQuery } from '../settlement/queries/get-support-settlements/get-support-settlements.query.js';
import { RerunSettlementCommand } from '../settlement/commands/rerun-settlement/rerun-settlement.command.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: settlement batches, receipts and alerts; re-run a date (the same idempotent job the scheduler runs). */
@SupportConsole('support/settlements', 'generic')
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
