import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of wake: a proof level per challenge and plan (NONE by default), a PHOTO check-in's review status,
 * the fingerprints of every stored photo (so a photo is never used twice) and the verdicts given on proof photos.
 */
export class ProofOfWake1763803500000 implements MigrationInterface {
  name = 'ProofOfWake1763803500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE challenges
        ADD COLUMN proof varchar(5) NOT NULL DEFAULT 'NONE' CONSTRAINT challenges_proof_check CHECK (proof IN ('NONE', 'PHOTO')),
        ADD COLUMN proof_status varchar(14) CONSTRAINT challenges_proof_status_check CHECK (proof_status IN ('PENDING_REVIEW', 'ACCEPTED', 'REJECTED'))`);
    await q.query(
      `ALTER TABLE challenge_plans ADD COLUMN proof varchar(5) NOT NULL DEFAULT 'NONE' CONSTRAINT challenge_plans_proof_check CHECK (proof IN ('NONE', 'PHOTO'))`,
    );
    // a miss's reason its owner reads in the settlement notice (a rejected proof photo)
    await q.query(`ALTER TABLE settlement_lines ADD COLUMN miss_note varchar(300)`);
    // the peer review queue draws photos waiting for review by date
    await q.query(`CREATE INDEX challenges_proof_pending_idx ON challenges (challenge_date) WHERE proof_status = 'PENDING_REVIEW'`);
    await q.query(`
      CREATE TABLE photo_fingerprints (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        challenge_id uuid NOT NULL,
        source varchar(8) NOT NULL CHECK (source IN ('CHECK_IN', 'APPEAL')),
        photo_path varchar(300) NOT NULL,
        sha256 char(64) NOT NULL,
        dhash bigint NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX photo_fingerprints_sha256_idx ON photo_fingerprints (sha256)`);
    await q.query(`CREATE INDEX photo_fingerprints_user_idx ON photo_fingerprints (user_id)`);
    await q.query(`CREATE INDEX photo_fingerprints_path_idx ON photo_fingerprints (photo_path)`);
    await q.query(`
      CREATE TABLE proof_verdicts (
        id uuid PRIMARY KEY,
        challenge_id uuid NOT NULL,
        owner_user_id uuid NOT NULL,
        reviewer_id uuid NOT NULL,
        reviewer_role varchar(8) NOT NULL CHECK (reviewer_role IN ('SUPPORT', 'REFEREE', 'PEER')),
        verdict varchar(8) NOT NULL CHECK (verdict IN ('ACCEPTED', 'REJECTED')),
        note varchar(500),
        created_at timestamptz NOT NULL,
        UNIQUE (challenge_id, reviewer_id)
      )`);
    await q.query(`CREATE INDEX proof_verdicts_owner_idx ON proof_verdicts (owner_user_id)`);
    await q.query(`CREATE INDEX proof_verdicts_reviewer_idx ON proof_verdicts (reviewer_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE proof_verdicts`);
    await q.query(`DROP TABLE photo_fingerprints`);
    await q.query(`ALTER TABLE settlement_lines DROP COLUMN miss_note`);
    await q.query(`ALTER TABLE challenge_plans DROP COLUMN proof`);
    await q.query(`ALTER TABLE challenges DROP COLUMN proof_status, DROP COLUMN proof`);
  }
}
