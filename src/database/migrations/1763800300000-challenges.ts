import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables of the challenges module. */
export class Challenges1763800300000 implements MigrationInterface {
  name = 'Challenges1763800300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id),
        challenge_date date NOT NULL,
        wake_up_time varchar(5) NOT NULL CHECK (wake_up_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        stake bigint NOT NULL CHECK (stake > 0),
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED', 'PROCESSED', 'CANCELLED')),
        is_successful boolean,
        window_opens_at timestamptz NOT NULL,
        window_closes_at timestamptz NOT NULL,
        check_in_time timestamptz,
        verification_method varchar(8) CHECK (verification_method IN ('MANUAL', 'PHOTO')),
        check_in_location varchar(200),
        notes varchar(500),
        photo_path varchar(300),
        failure_reason varchar(200),
        winnings_amount bigint NOT NULL DEFAULT 0 CHECK (winnings_amount >= 0),
        actual_forfeit_amount bigint NOT NULL DEFAULT 0 CHECK (actual_forfeit_amount >= 0),
        refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
        is_test boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        processed_at timestamptz,
        cancelled_at timestamptz,
        CHECK ((status = 'PENDING') = (is_successful IS NULL) OR status = 'CANCELLED'),
        CHECK (window_closes_at > window_opens_at)
      )`);
    // One active (not cancelled) challenge per user and date.
    await q.query(`CREATE UNIQUE INDEX challenges_user_date_active_key ON challenges (user_id, challenge_date) WHERE status <> 'CANCELLED'`);
    await q.query(`CREATE INDEX challenges_user_created_idx ON challenges (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX challenges_user_status_idx ON challenges (user_id, status, created_at DESC)`);
    await q.query(`CREATE INDEX challenges_date_status_id_idx ON challenges (challenge_date, status, id)`);
    // The missed-window job scans only PENDING rows whose window has closed.
    await q.query(`CREATE INDEX challenges_pending_close_idx ON challenges (window_closes_at) WHERE status = 'PENDING'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE challenges`);
  }
}
