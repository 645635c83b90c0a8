import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn credentials): one row per credential a user registered. `credential_id` is the
 * credential's id as base64url (what the browser answers with), `public_key` its COSE public key, `counter` the
 * authenticator's signature counter (a lower one at sign-in is refused).
 */
export class Passkeys1763803400000 implements MigrationInterface {
  name = 'Passkeys1763803400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE passkeys (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        credential_id varchar(1024) NOT NULL UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
        transports text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      )`);
    await q.query(`CREATE INDEX passkeys_user_id_idx ON passkeys (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE passkeys`);
  }
}
