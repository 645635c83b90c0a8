import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ErasePayoutDetailsCommand } from './erase-payout-details.command.js';

@CommandHandler(ErasePayoutDetailsCommand)
export class ErasePayoutDetailsHandler implements ICommandHandler<ErasePayoutDetailsCommand, { erased: number }> {
  async execute({ userId, manager }: ErasePayoutDetailsCommand): Promise<{ erased: number }> {
    // PENDING ones are left alone (a closure is refused while one exists); they still need the details to be paid.
    const [, count] = (await manager.query(
      `UPDATE withdrawals SET upi_id = NULL, bank_account_number = NULL, ifsc_code = NULL, account_holder_name = NULL, bank_name = NULL
        WHERE user_id = $1 AND status <> 'PENDING'
          AND (upi_id IS NOT NULL OR bank_account_number IS NOT NULL OR ifsc_code IS NOT NULL OR account_holder_name IS NOT NULL OR bank_name IS NOT NULL)`,
      [userId],
    )) as [unknown, number];
    // Saved payout methods hold the same details: they go too.
    await manager.query(`DELETE FROM payout_methods WHERE user_id = $1`, [userId]);
    return { erased: count };
  }
}
