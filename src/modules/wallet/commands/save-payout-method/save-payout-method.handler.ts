import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { isUuid, uuid7 } from '../../../../common/uuid.js';
import { SavePayoutMethodCommand } from './save-payout-method.command.js';

// One statement: the withdrawal's destination, if it was paid and still has its details, inserted or counted again.
// `last_withdrawal_id <> EXCLUDED` keeps a replayed event from counting the same withdrawal twice.
const SAVE_SQL = `
  INSERT INTO payout_methods (id, user_id, method, destination_key, upi_id, bank_account_number, bank_account_last4, ifsc_code, account_holder_name, bank_name,
                              last_withdrawal_id, uses, created_at, last_used_at)
  SELECT $2, w.user_id, w.method,
         CASE WHEN w.method = 'UPI' THEN 'UPI:' || lower(w.upi_id) ELSE 'BANK:' || w.bank_account_number || ':' || w.ifsc_code END,
         CASE WHEN w.method = 'UPI' THEN w.upi_id END,
         CASE WHEN w.method = 'BANK_TRANSFER' THEN w.bank_account_number END,
         CASE WHEN w.method = 'BANK_TRANSFER' THEN right(w.bank_account_number, 4) END,
         CASE WHEN w.method = 'BANK_TRANSFER' THEN w.ifsc_code END,
         CASE WHEN w.method = 'BANK_TRANSFER' THEN w.account_holder_name END,
         CASE WHEN w.method = 'BANK_TRANSFER' THEN w.bank_name END,
         w.id, 1, $3, $3
    FROM withdrawals w
   WHERE w.id = $1 AND w.status = 'SUCCESS' AND w.reversed_at IS NULL
     AND ((w.method = 'UPI' AND w.upi_id IS NOT NULL) OR (w.method = 'BANK_TRANSFER' AND w.bank_account_number IS NOT NULL AND w.ifsc_code IS NOT NULL))
  ON CONFLICT (user_id, destination_key) DO UPDATE
     SET last_withdrawal_id = EXCLUDED.last_withdrawal_id, uses = payout_methods.uses + 1, last_used_at = EXCLUDED.last_used_at,
         account_holder_name = coalesce(EXCLUDED.account_holder_name, payout_methods.account_holder_name),
         bank_name = coalesce(EXCLUDED.bank_name, payout_methods.bank_name)
   WHERE payout_methods.last_withdrawal_id <> EXCLUDED.last_withdrawal_id
  RETURNING id`;

@CommandHandler(SavePayoutMethodCommand)
export class SavePayoutMethodHandler implements ICommandHandler<SavePayoutMethodCommand, { saved: boolean }> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ withdrawalId }: SavePayoutMethodCommand): Promise<{ saved: boolean }> {
    if (!isUuid(withdrawalId)) return { saved: false };
    const rows = (await this.ds.query(SAVE_SQL, [withdrawalId, uuid7(), this.clock.now()])) as { id: string }[];
    return { saved: rows.length > 0 };
  }
}
