import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wake shields, declared leave and "Still awake?": a per-user account row (shields held, the run toward
 * the next one, the still-awake setting; locked by every change), the excused challenges, the leave days, and the
 * second checks after a check-in.
 */
export class WakeShieldsLeave1763802200000 implements MigrationInterface {
  name = 'WakeShieldsLeave1763802200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wake_accounts (
        user_id uuid PRIMARY KEY,
        shields_held smallint NOT NULL DEFAULT 0 CHECK (shields_held BETWEEN 0 AND 3),
        shield_run smallint NOT NULL DEFAULT 0 CHECK (shield_run BETWEEN 0 AND 6),
        shields_earned integer NOT NULL DEFAULT 0 CHECK (shields_earned >= 0),
        shields_spent integer NOT NULL DEFAULT 0 CHECK (shields_spent >= 0 AND shields_spent <= shields_earned),
        shield_cursor date,
        still_awake boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE challenge_excusals (
        challenge_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        challenge_date date NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('SHIELD', 'LEAVE')),
        amount bigint NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX challenge_excusals_user_idx ON challenge_excusals (user_id, challenge_date)`);
    await q.query(`
      CREATE TABLE leave_days (
        user_id uuid NOT NULL,
        day date NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, day)
      )`);
    await q.query(`
      CREATE TABLE still_awake_checks (
        challenge_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        ask_at timestamptz NOT NULL,
        deadline_at timestamptz NOT NULL CHECK (deadline_at > ask_at),
        asked_at timestamptz,
        answered_at timestamptz,
        outcome varchar(8) CHECK (outcome IN ('ANSWERED', 'MISSED', 'VOID')),
        resolved_at timestamptz,
        created_at timestamptz NOT NULL,
        CHECK ((outcome IS NULL) = (resolved_at IS NULL)),
        CHECK ((outcome = 'ANSWERED') = (answered_at IS NOT NULL))
      )`);
    // the sender and the closer scan only open checks
    await q.query(`CREATE INDEX still_awake_checks_open_idx ON still_awake_checks (ask_at) WHERE outcome IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE still_awake_checks`);
    await q.query(`DROP TABLE leave_days`);
    await q.query(`DROP TABLE challenge_excusals`);
    await q.query(`DROP TABLE wake_accounts`);
  }
}
