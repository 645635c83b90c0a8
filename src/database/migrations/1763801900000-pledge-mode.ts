import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * POOL_MODE: each challenge keeps the mode it was created under (and, in pledge mode, the charity its miss goes to);
 * a settlement line keeps that charity so the payment and the monthly statement never re-read the user's choice.
 */
export class PledgeMode1763801900000 implements MigrationInterface {
  name = 'PledgeMode1763801900000';

  async up(q: QueryRunner): Promise<void> {
    // a constant default: no table rewrite on PostgreSQL 11+
    await q.query(`ALTER TABLE challenges ADD COLUMN pool_mode varchar(6) NOT NULL DEFAULT 'pool' CHECK (pool_mode IN ('pool', 'pledge'))`);
    await q.query(`ALTER TABLE challenges ADD COLUMN charity_id varchar(40)`);
    await q.query(`ALTER TABLE settlement_lines ADD COLUMN charity_id varchar(40)`);
    // a recurring plan books with the charity picked when it was made
    await q.query(`ALTER TABLE challenge_plans ADD COLUMN charity_id varchar(40)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE challenge_plans DROP COLUMN charity_id`);
    await q.query(`ALTER TABLE settlement_lines DROP COLUMN charity_id`);
    await q.query(`ALTER TABLE challenges DROP COLUMN charity_id`);
    await q.query(`ALTER TABLE challenges DROP COLUMN pool_mode`);
  }
}
