import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The limits a person sets on their own staking (one row per user who set any), and the
 * version of the terms each user accepted and when (null: an account from before consent was recorded).
 */
export class SelfLimitsAndConsent1763802100000 implements MigrationInterface {
  name = 'SelfLimitsAndConsent1763802100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stake_limits (
        user_id uuid PRIMARY KEY,
        monthly_cap bigint CHECK (monthly_cap > 0),
        pending_cap bigint CHECK (pending_cap > 0),
        pending_cap_at timestamptz,
        pause_until timestamptz,
        updated_at timestamptz NOT NULL,
        CHECK (pending_cap IS NULL OR pending_cap_at IS NOT NULL)
      )`);
    await q.query(`ALTER TABLE users ADD COLUMN terms_version varchar(32), ADD COLUMN terms_accepted_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN terms_accepted_at, DROP COLUMN terms_version`);
    await q.query(`DROP TABLE stake_limits`);
  }
}
