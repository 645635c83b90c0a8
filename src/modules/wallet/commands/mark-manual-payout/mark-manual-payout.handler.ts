import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ManualPayoutsService } from '../../application/manual-payouts.service.js';
import { MarkManualPayoutCommand } from './mark-manual-payout.command.js';

@CommandHandler(MarkManualPayoutCommand)
export class MarkManualPayoutHandler implements ICommandHandler<MarkManualPayoutCommand, unknown> {
  constructor(@Inject(ManualPayoutsService) private readonly manual: ManualPayoutsService) {}

  execute({ withdrawalId, outcome, detail, actorId }: MarkManualPayoutCommand) {
    return outcome === 'PAID' ? this.manual.markPaid(withdrawalId, detail, actorId) : this.manual.markFailed(withdrawalId, detail, actorId);
  }
}
