import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { PayoutMethodRepository } from '../../infrastructure/payout-method.repository.js';
import { WalletErrors } from '../../wallet.errors.js';
import { RemovePayoutMethodCommand } from './remove-payout-method.command.js';

@CommandHandler(RemovePayoutMethodCommand)
export class RemovePayoutMethodHandler implements ICommandHandler<RemovePayoutMethodCommand, void> {
  constructor(@Inject(PayoutMethodRepository) private readonly payoutMethods: PayoutMethodRepository) {}

  async execute({ userId, id }: RemovePayoutMethodCommand): Promise<void> {
    if (!isUuid(id)) throw WalletErrors.payoutMethodNotFound();
    if (!(await this.payoutMethods.remove(id, userId))) throw WalletErrors.payoutMethodNotFound();
  }
}
