import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isValidDate } from '../../../../common/time.js';
import { SettlementQueue } from '../../infrastructure/settlement.queue.js';
import { SettlementErrors } from '../../settlement.errors.js';
import { RerunSettlementCommand } from './rerun-settlement.command.js';

@CommandHandler(RerunSettlementCommand)
export class RerunSettlementHandler implements ICommandHandler<RerunSettlementCommand, { date: string; jobId: string; state: string }> {
  constructor(@Inject(SettlementQueue) private readonly queue: SettlementQueue) {}

  async execute({ date }: RerunSettlementCommand) {
    if (!isValidDate(date)) throw SettlementErrors.invalidDate(date);
    return { date, ...(await this.queue.enqueueSettle(date)) };
  }
}
