import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wake missions: an optional task before the check-in unlocks (MATH, TYPING, or scanning the person's wake
 * tag), per challenge and plan (NONE by default); and each person's wake-tag secret (the QR code they print).
 */
export class WakeMissions1763803600000 implements MigrationInterface {
  name = 'WakeMissions1763803600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE challenges ADD COLUMN mission varchar(8) NOT NULL DEFAULT 'NONE' CONSTRAINT challenges_mission_check CHECK (mission IN ('NONE', 'MATH', 'TYPING', 'WAKE_TAG'))`,
    );
    await q.query(
      `ALTER TABLE challenge_plans ADD COLUMN mission varchar(8) NOT NULL DEFAULT 'NONE' CONSTRAINT challenge_plans_mission_check CHECK (mission IN ('NONE', 'MATH', 'TYPING', 'WAKE_TAG'))`,
    );
    await q.query(`CREATE TABLE wake_tags (user_id uuid PRIMARY KEY, code varchar(64) NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wake_tags`);
    await q.query(`ALTER TABLE challenge_plans DROP COLUMN mission`);
    await q.query(`ALTER TABLE challenges DROP COLUMN mission`);
  }
}
