import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { PayoutMethodErrors } from '../../queries/list-payout-methods/list-payout-methods.query.js';
import { RemovePayoutMethodCommand } from './remove-payout-method.command.js';

@CommandHandler(RemovePayoutMethodCommand)
export class RemovePayoutMethodHandler implements ICommandHandler<RemovePayoutMethodCommand, void> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId, id }: RemovePayoutMethodCommand): Promise<void> {
    if (!isUuid(id)) throw PayoutMethodErrors.notFound();
    const [, count] = (await this.ds.query(`DELETE FROM payout_methods WHERE id = $1 AND user_id = $2`, [id, userId])) as [unknown, number];
    if (!count) throw PayoutMethodErrors.notFound();
  }
}
