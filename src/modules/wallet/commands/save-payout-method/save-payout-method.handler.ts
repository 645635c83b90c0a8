import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { isUuid, uuid7 } from '../../../../common/uuid.js';
import { PayoutMethodRepository } from '../../infrastructure/payout-method.repository.js';
import { SavePayoutMethodCommand } from './save-payout-method.command.js';

@CommandHandler(SavePayoutMethodCommand)
export class SavePayoutMethodHandler implements ICommandHandler<SavePayoutMethodCommand, { saved: boolean }> {
  constructor(
    @Inject(PayoutMethodRepository) private readonly payoutMethods: PayoutMethodRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ withdrawalId }: SavePayoutMethodCommand): Promise<{ saved: boolean }> {
    if (!isUuid(withdrawalId)) return { saved: false };
    return { saved: await this.payoutMethods.saveFromWithdrawal(withdrawalId, uuid7(), this.clock.now()) };
  }
}
