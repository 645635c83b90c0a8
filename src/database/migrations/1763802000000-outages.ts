import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Platform-fault forgiveness: the availability each process records (per-minute samples of heartbeats and
 * check-in route results), the outages found in them or recorded by support, and on a settlement line the outage
 * that forgave a miss (the whole stake back, nothing to the pool).
 */
export class Outages1763802000000 implements MigrationInterface {
  name = 'Outages1763802000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE availability_samples (
        minute timestamptz NOT NULL,
        role varchar(10) NOT NULL CHECK (role IN ('api', 'worker')),
        process_id varchar(100) NOT NULL,
        beats integer NOT NULL DEFAULT 0,
        first_beat_at timestamptz,
        last_beat_at timestamptz,
        checkins integer NOT NULL DEFAULT 0,
        checkin_errors integer NOT NULL DEFAULT 0,
        uploads integer NOT NULL DEFAULT 0,
        upload_failures integer NOT NULL DEFAULT 0,
        PRIMARY KEY (minute, role, process_id)
      )`);
    await q.query(`
      CREATE TABLE outages (
        id uuid PRIMARY KEY,
        kind varchar(20) NOT NULL CHECK (kind IN ('CHECKIN_ERRORS', 'UPLOAD_FAILED', 'API_DOWN', 'WORKER_DOWN', 'INCIDENT')),
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        detail varchar(500) NOT NULL,
        source varchar(10) NOT NULL CHECK (source IN ('recorder', 'support')),
        recorded_by uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CHECK (ended_at IS NULL OR ended_at > started_at)
      )`);
    await q.query(`CREATE INDEX outages_started_idx ON outages (started_at)`);
    await q.query(`ALTER TABLE settlement_lines ADD COLUMN forgiven_by uuid, ADD COLUMN forgiven_note varchar(300)`);
    await q.query(`CREATE INDEX settlement_lines_forgiven_idx ON settlement_lines (forgiven_by) WHERE forgiven_by IS NOT NULL`);
    await q.query(`ALTER TABLE challenges ADD COLUMN forgiven_reason varchar(300)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE challenges DROP COLUMN forgiven_reason`);
    await q.query(`ALTER TABLE settlement_lines DROP COLUMN forgiven_note, DROP COLUMN forgiven_by`);
    await q.query(`DROP TABLE outages`);
    await q.query(`DROP TABLE availability_samples`);
  }
}
