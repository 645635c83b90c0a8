import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of wake: each stored photo fingerprint gets a sequence number. Fingerprints are written only under the
 * fingerprint lock, so every number up to the highest one seen under that lock is committed: an api process keeps the
 * dHashes in memory and, under the lock, reads only the rows after the last number it has (FingerprintIndex).
 */
export class FingerprintSeq1763803800000 implements MigrationInterface {
  name = 'FingerprintSeq1763803800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE photo_fingerprints ADD COLUMN seq bigserial`);
    await q.query(`CREATE UNIQUE INDEX photo_fingerprints_seq_idx ON photo_fingerprints (seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE photo_fingerprints DROP COLUMN seq`);
  }
}
