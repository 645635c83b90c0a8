import { MigrationInterface, QueryRunner } from 'typeorm';

/** Appeals of a missed morning: one per challenge, decided by support with a note the user sees. */
export class Appeals1763801800000 implements MigrationInterface {
  name = 'Appeals1763801800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE challenge_appeals (
        id uuid PRIMARY KEY,
        challenge_id uuid NOT NULL UNIQUE,
        user_id uuid NOT NULL,
        reason varchar(1000) NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('OPEN', 'UPHELD', 'REFUNDED')),
        decision_note varchar(1000),
        decided_by uuid,
        created_at timestamptz NOT NULL,
        decided_at timestamptz
      )`);
    // settlement leaves a challenge with an open appeal out of its batch: this keeps that anti-join an index probe
    await q.query(`CREATE INDEX challenge_appeals_open_idx ON challenge_appeals (challenge_id) WHERE status = 'OPEN'`);
    await q.query(`CREATE INDEX challenge_appeals_status_idx ON challenge_appeals (status, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE challenge_appeals`);
  }
}
