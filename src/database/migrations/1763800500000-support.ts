import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables of the support module: the access log of console reads and the stored ledger verifications. */
export class Support1763800500000 implements MigrationInterface {
  name = 'Support1763800500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE support_access_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        actor_id uuid NOT NULL,
        actor_email varchar(254) NOT NULL,
        subject_user_id uuid,
        action varchar(64) NOT NULL,
        target varchar(300) NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX support_access_log_actor_idx ON support_access_log (actor_id, created_at)`);
    await q.query(`CREATE INDEX support_access_log_subject_idx ON support_access_log (subject_user_id, created_at, seq)`);
    await q.query(`CREATE INDEX support_access_log_action_idx ON support_access_log (action, created_at)`);

    await q.query(`
      CREATE TABLE ledger_verifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ok boolean NOT NULL,
        checked_at timestamptz NOT NULL,
        entries integer NOT NULL,
        accounts integer NOT NULL,
        journal_sum numeric NOT NULL,
        problems jsonb NOT NULL DEFAULT '[]'::jsonb,
        run_by uuid,
        created_at timestamptz NOT NULL,
        seq bigint GENERATED ALWAYS AS IDENTITY
      )`);
    // "Latest" is the last one run (insertion order), whatever clock each run read.
    await q.query(`CREATE INDEX ledger_verifications_seq_idx ON ledger_verifications (seq DESC)`);
    await q.query(`CREATE INDEX ledger_verifications_checked_idx ON ledger_verifications (checked_at DESC)`);
    await q.query(`CREATE INDEX ledger_verifications_ok_idx ON ledger_verifications (ok, checked_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ledger_verifications, support_access_log`);
  }
}
