import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real payouts: which provider took a withdrawal and what it last said; the staff mark of a manual payout;
 * the reversal of a payout the bank returned after it was processed; RazorpayX contacts and fund accounts, one per
 * destination (a retry reuses them, so the payout request a retry sends is the same as the first).
 */
export class Payouts1763801000000 implements MigrationInterface {
  name = 'Payouts1763801000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE withdrawals
        ADD COLUMN payout_provider varchar(16),
        ADD COLUMN provider_status varchar(32),
        ADD COLUMN marked_by uuid,
        ADD COLUMN reversed_at timestamptz,
        ADD COLUMN reverse_entry_id uuid`);
    await q.query(`CREATE INDEX withdrawals_manual_pending_idx ON withdrawals (created_at) WHERE status = 'PENDING' AND payout_provider = 'manual'`);
    await q.query(`CREATE INDEX withdrawals_provider_reference_idx ON withdrawals (provider_reference) WHERE provider_reference IS NOT NULL`);
    await q.query(`
      CREATE TABLE razorpayx_fund_accounts (
        destination_key char(64) PRIMARY KEY,
        user_id uuid NOT NULL,
        contact_id varchar(64) NOT NULL,
        fund_account_id varchar(64) NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX razorpayx_fund_accounts_user_idx ON razorpayx_fund_accounts (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS razorpayx_fund_accounts`);
    await q.query(`DROP INDEX IF EXISTS withdrawals_provider_reference_idx`);
    await q.query(`DROP INDEX IF EXISTS withdrawals_manual_pending_idx`);
    await q.query(
      `ALTER TABLE withdrawals DROP COLUMN payout_provider, DROP COLUMN provider_status, DROP COLUMN marked_by, DROP COLUMN reversed_at, DROP COLUMN reverse_entry_id`,
    );
  }
}
