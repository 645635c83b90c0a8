import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of wake: a PHOTO check-in's automatic flag for review (BLANK_FRAME: the picture is nearly one flat
 * colour, e.g. a covered lens or a dark room). It orders the peer review queue and is shown to support; it decides
 * nothing by itself.
 */
export class ProofFlag1763803700000 implements MigrationInterface {
  name = 'ProofFlag1763803700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE challenges ADD COLUMN proof_flag varchar(12) CONSTRAINT challenges_proof_flag_check CHECK (proof_flag IN ('BLANK_FRAME'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE challenges DROP COLUMN proof_flag`);
  }
}
