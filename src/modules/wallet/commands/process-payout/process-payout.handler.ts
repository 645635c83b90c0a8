import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WithdrawalsService } from '../../application/withdrawals.service.js';
import { ProcessPayoutCommand } from './process-payout.command.js';

@CommandHandler(ProcessPayoutCommand)
export class ProcessPayoutHandler implements ICommandHandler<ProcessPayoutCommand> {
  constructor(@Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService) {}

  execute({ withdrawalId }: ProcessPayoutCommand) {
    return this.withdrawals.processPayout(withdrawalId);
  }
}
