import { MigrationInterface, QueryRunner } from 'typeorm';

/** Destinations of withdrawals paid before the table existed are saved too (the newest details per destination). */
export const BACKFILL_PAYOUT_METHODS_SQL = `
      INSERT INTO payout_methods (id, user_id, method, destination_key, upi_id, bank_account_number, bank_account_last4, ifsc_code, account_holder_name, bank_name,
                                  last_withdrawal_id, uses, created_at, last_used_at)
      SELECT DISTINCT ON (user_id, destination_key)
             gen_random_uuid(), user_id, method, destination_key,
             CASE WHEN method = 'UPI' THEN upi_id END,
             CASE WHEN method = 'BANK_TRANSFER' THEN bank_account_number END,
             CASE WHEN method = 'BANK_TRANSFER' THEN right(bank_account_number, 4) END,
             CASE WHEN method = 'BANK_TRANSFER' THEN ifsc_code END,
             CASE WHEN method = 'BANK_TRANSFER' THEN account_holder_name END,
             CASE WHEN method = 'BANK_TRANSFER' THEN bank_name END,
             id, (count(*) OVER (PARTITION BY user_id, destination_key))::int,
             min(coalesce(completed_at, updated_at)) OVER (PARTITION BY user_id, destination_key), coalesce(completed_at, updated_at)
        FROM (SELECT w.*, CASE WHEN w.method = 'UPI' THEN 'UPI:' || lower(w.upi_id) ELSE 'BANK:' || w.bank_account_number || ':' || w.ifsc_code END AS destination_key
                FROM withdrawals w
               WHERE w.status = 'SUCCESS' AND w.reversed_at IS NULL
                 AND ((w.method = 'UPI' AND w.upi_id IS NOT NULL) OR (w.method = 'BANK_TRANSFER' AND w.bank_account_number IS NOT NULL AND w.ifsc_code IS NOT NULL))) paid
       ORDER BY user_id, destination_key, coalesce(completed_at, updated_at) DESC, id DESC
  ON CONFLICT (user_id, destination_key) DO NOTHING`;

/**
 * Saved payout methods: the destination of a withdrawal that was paid, kept per user for next time (one row per
 * destination: `destination_key` is the UPI id lowercased, or the account number and IFSC). The full UPI id and account
 * number are stored as the withdrawals table stores them (the payout needs them); every answer masks them.
 */
export class PayoutMethods1763803200000 implements MigrationInterface {
  name = 'PayoutMethods1763803200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payout_methods (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        method varchar(16) NOT NULL CHECK (method IN ('UPI', 'BANK_TRANSFER')),
        destination_key varchar(160) NOT NULL,
        upi_id varchar(100),
        bank_account_number varchar(18),
        bank_account_last4 varchar(4),
        ifsc_code varchar(11),
        account_holder_name varchar(100),
        bank_name varchar(100),
        last_withdrawal_id uuid NOT NULL,
        uses integer NOT NULL DEFAULT 1 CHECK (uses > 0),
        created_at timestamptz NOT NULL,
        last_used_at timestamptz NOT NULL,
        CHECK ((method = 'UPI' AND upi_id IS NOT NULL) OR (method = 'BANK_TRANSFER' AND bank_account_number IS NOT NULL AND ifsc_code IS NOT NULL)),
        UNIQUE (user_id, destination_key)
      )`);
    await q.query(`CREATE INDEX payout_methods_user_used_idx ON payout_methods (user_id, last_used_at DESC)`);
    await q.query(BACKFILL_PAYOUT_METHODS_SQL);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payout_methods`);
  }
}
