import { MigrationInterface, QueryRunner } from 'typeorm';

/** Recurring challenges: a plan, and one row per day it tried to book (booked, or skipped with the reason). */
export class ChallengePlans1763801700000 implements MigrationInterface {
  name = 'ChallengePlans1763801700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE challenge_plans (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        weekdays smallint[] NOT NULL,
        wake_up_time varchar(5) NOT NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        start_date date NOT NULL,
        end_date date NOT NULL CHECK (end_date >= start_date),
        status varchar(10) NOT NULL CHECK (status IN ('ACTIVE', 'PAUSED', 'CANCELLED')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX challenge_plans_user_idx ON challenge_plans (user_id, created_at)`);
    await q.query(`CREATE INDEX challenge_plans_active_idx ON challenge_plans (end_date) WHERE status = 'ACTIVE'`);
    await q.query(`
      CREATE TABLE challenge_plan_days (
        plan_id uuid NOT NULL REFERENCES challenge_plans (id),
        day date NOT NULL,
        outcome varchar(10) NOT NULL CHECK (outcome IN ('BOOKING', 'BOOKED', 'SKIPPED')),
        challenge_id uuid,
        reason varchar(300),
        created_at timestamptz NOT NULL,
        PRIMARY KEY (plan_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE challenge_plan_days`);
    await q.query(`DROP TABLE challenge_plans`);
  }
}
