import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PayoutMethodRepository } from '../../infrastructure/payout-method.repository.js';
import { WithdrawalRepository } from '../../infrastructure/withdrawal.repository.js';
import { ErasePayoutDetailsCommand } from './erase-payout-details.command.js';

@CommandHandler(ErasePayoutDetailsCommand)
export class ErasePayoutDetailsHandler implements ICommandHandler<ErasePayoutDetailsCommand, { erased: number }> {
  constructor(
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
    @Inject(PayoutMethodRepository) private readonly payoutMethods: PayoutMethodRepository,
  ) {}

  async execute({ userId, manager }: ErasePayoutDetailsCommand): Promise<{ erased: number }> {
    const count = await this.withdrawals.erasePayoutDetails(manager, userId);
    // Saved payout methods hold the same details: they go too.
    await this.payoutMethods.removeAllOf(manager, userId);
    return { erased: count };
  }
}
