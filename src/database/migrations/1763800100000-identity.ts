import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables of the identity module: one-time tokens for email verification and password reset (stored hashed). */
export class Identity1763800100000 implements MigrationInterface {
  name = 'Identity1763800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX identity_tokens_hash_key ON identity_tokens (token_hash)`);
    await q.query(`CREATE INDEX identity_tokens_user_idx ON identity_tokens (user_id, purpose)`);
    await q.query(`CREATE INDEX identity_tokens_expires_idx ON identity_tokens (expires_at)`);
    await q.query(`CREATE INDEX users_role_idx ON users (role)`);
    await q.query(`CREATE INDEX users_created_at_idx ON users (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS users_created_at_idx`);
    await q.query(`DROP INDEX IF EXISTS users_role_idx`);
    await q.query(`DROP TABLE identity_tokens`);
  }
}
