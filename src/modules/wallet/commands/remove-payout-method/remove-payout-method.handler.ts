import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { PayoutMethodRepository } from '../../infrastructure/payout-method.repository.js';
import { PayoutMethodErrors } from '../../queries/list-payout-methods/list-payout-methods.query.js';
import { RemovePayoutMethodCommand } from './remove-payout-method.command.js';

@CommandHandler(RemovePayoutMethodCommand)
export class RemovePayoutMethodHandler implements ICommandHandler<RemovePayoutMethodCommand, void> {
  constructor(@Inject(PayoutMethodRepository) private readonly payoutMethods: PayoutMethodRepository) {}

  async execute({ userId, id }: RemovePayoutMethodCommand): Promise<void> {
    if (!isUuid(id)) throw PayoutMethodErrors.notFound();
    if (!(await this.payoutMethods.remove(id, userId))) throw PayoutMethodErrors.notFound();
  }
}
