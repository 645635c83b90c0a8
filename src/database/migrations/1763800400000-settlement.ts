import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables of the settlement module: one run per date and batch (its stored plan and receipt), its lines, and alerts. */
export class Settlement1763800400000 implements MigrationInterface {
  name = 'Settlement1763800400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE settlement_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        settlement_date date NOT NULL,
        batch_no integer NOT NULL CHECK (batch_no > 0),
        status varchar(16) NOT NULL CHECK (status IN ('RUNNING', 'SETTLED', 'FAILED')),
        participants integer NOT NULL,
        successes integer NOT NULL,
        failures integer NOT NULL,
        pool bigint NOT NULL CHECK (pool >= 0),
        shares_total bigint NOT NULL,
        rounding_remainder bigint NOT NULL,
        platform_revenue bigint NOT NULL,
        money_in bigint NOT NULL,
        money_out bigint NOT NULL,
        CHECK (money_in = money_out),
        revenue_paid boolean NOT NULL DEFAULT false,
        receipt jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 1,
        last_error text,
        started_at timestamptz NOT NULL,
        finished_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (settlement_date, batch_no)
      )`);
    await q.query(`CREATE INDEX settlement_runs_status_idx ON settlement_runs (status, settlement_date)`);
    await q.query(`
      CREATE TABLE settlement_lines (
        challenge_id uuid PRIMARY KEY,
        run_id uuid NOT NULL REFERENCES settlement_runs (id),
        settlement_date date NOT NULL,
        line_no integer NOT NULL,
        user_id uuid NOT NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        is_successful boolean NOT NULL,
        refund bigint NOT NULL CHECK (refund >= 0),
        pooled bigint NOT NULL CHECK (pooled >= 0),
        winnings bigint NOT NULL CHECK (winnings >= 0),
        status varchar(8) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID')),
        paid_at timestamptz,
        UNIQUE (run_id, line_no)
      )`);
    await q.query(`CREATE INDEX settlement_lines_run_status_idx ON settlement_lines (run_id, status, is_successful, line_no)`);
    await q.query(`CREATE INDEX settlement_lines_user_date_idx ON settlement_lines (user_id, settlement_date)`);
    // Settlement child jobs page the pending lines of one user range.
    await q.query(`CREATE INDEX settlement_lines_pending_user_idx ON settlement_lines (run_id, is_successful, user_id) WHERE status = 'PENDING'`);
    await q.query(`CREATE INDEX settlement_lines_date_idx ON settlement_lines (settlement_date)`);
    await q.query(`
      CREATE TABLE settlement_alerts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        settlement_date date NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('LATE', 'FAILED')),
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (settlement_date, kind)
      )`);
    await q.query(`CREATE INDEX settlement_alerts_created_idx ON settlement_alerts (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE settlement_alerts`);
    await q.query(`DROP TABLE settlement_lines`);
    await q.query(`DROP TABLE settlement_runs`);
  }
}
