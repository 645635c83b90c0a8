import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { SettleDateResult } from '../settle-date/settle-date.command.js';
import { SettleDateHandler } from '../settle-date/settle-date.handler.js';
import { FinishSettleDateCommand, PaySettlementPartCommand, PlanSettleDateCommand } from './settle-date-parts.command.js';

@CommandHandler(PlanSettleDateCommand)
export class PlanSettleDateHandler implements ICommandHandler<PlanSettleDateCommand, { closed: number; runIds: string[] }> {
  constructor(@Inject(SettleDateHandler) private readonly settle: SettleDateHandler) {}

  execute({ date }: PlanSettleDateCommand): Promise<{ closed: number; runIds: string[] }> {
    return this.settle.plan(date);
  }
}

@CommandHandler(PaySettlementPartCommand)
export class PaySettlementPartHandler implements ICommandHandler<PaySettlementPartCommand, { paid: number }> {
  constructor(@Inject(SettleDateHandler) private readonly settle: SettleDateHandler) {}

  execute({ runId, winners, from, to }: PaySettlementPartCommand): Promise<{ paid: number }> {
    return this.settle.payPart(runId, winners, from, to);
  }
}

@CommandHandler(FinishSettleDateCommand)
export class FinishSettleDateHandler implements ICommandHandler<FinishSettleDateCommand, SettleDateResult> {
  constructor(@Inject(SettleDateHandler) private readonly settle: SettleDateHandler) {}

  execute({ date, closed, paidByParts }: FinishSettleDateCommand): Promise<SettleDateResult> {
    return this.settle.finish(date, closed, paidByParts);
  }
}
