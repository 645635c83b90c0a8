import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { PayoutMethodRow, SavedPayoutDetails, savedMethodNotFound, savedMethodOf, withSavedDetails } from '../domain/payout-methods.js';
import type { WithdrawalInput, WithdrawalRequest } from '../domain/withdrawal-rules.js';

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

/** payout_methods: the destinations of paid withdrawals, kept so a person can pick one again. */
@Injectable()
export class PayoutMethodRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Saves (or counts again) the destination of a paid withdrawal; false when there was nothing to save. */
  async saveFromWithdrawal(withdrawalId: string, id: string, now: Date): Promise<boolean> {
    const rows = (await this.ds.query(SAVE_SQL, [withdrawalId, id, now])) as { id: string }[];
    return rows.length > 0;
  }

  /** A user's saved methods, most recently used first, at most `limit`. */
  async listOf(userId: string, limit: number): Promise<PayoutMethodRow[]> {
    return (await this.ds.query(
      `SELECT id, method, upi_id, bank_account_last4, ifsc_code, account_holder_name, bank_name, uses, last_used_at
         FROM payout_methods WHERE user_id = $1 ORDER BY last_used_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    )) as PayoutMethodRow[];
  }

  /**
   * The request with a saved method's details filled in (its method, UPI id or bank account), so the withdrawal rules
   * check it like typed details; a request without payoutMethodId comes back as it was. Another user's or a removed
   * method: 400 'Saved payout method not found'.
   */
  async resolve(userId: string, input: WithdrawalRequest): Promise<WithdrawalInput> {
    const { payoutMethodId, rest } = savedMethodOf(input);
    if (payoutMethodId === null) return rest;
    const [row] = (await this.ds.query(
      `SELECT method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name FROM payout_methods WHERE id = $1 AND user_id = $2`,
      [payoutMethodId, userId],
    )) as SavedPayoutDetails[];
    if (!row) throw savedMethodNotFound();
    return withSavedDetails(rest, row);
  }

  /** Removes one of the user's methods; false when the user has no such method. */
  async remove(id: string, userId: string): Promise<boolean> {
    const [, count] = (await this.ds.query(`DELETE FROM payout_methods WHERE id = $1 AND user_id = $2`, [id, userId])) as [unknown, number];
    return !!count;
  }

  /** Every saved method of the user, in the caller's transaction (an account's erasure). */
  async removeAllOf(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM payout_methods WHERE user_id = $1`, [userId]);
  }
}
