import { MigrationInterface, QueryRunner } from 'typeorm';

/** An appeal may carry one photo (a screenshot of the error, say): its storage key, purged and erased like check-in photos. */
export class AppealPhoto1763802290000 implements MigrationInterface {
  name = 'AppealPhoto1763802290000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE challenge_appeals ADD COLUMN photo_path varchar(300)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE challenge_appeals DROP COLUMN photo_path`);
  }
}
