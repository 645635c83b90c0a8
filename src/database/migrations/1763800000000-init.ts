import { MigrationInterface, QueryRunner } from 'typeorm';

/** The first migration: the users table of SPEC.md section 3 (statistics are computed, never stored). */
export class Init1763800000000 implements MigrationInterface {
  name = 'Init1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL,
        password_hash varchar(255),
        full_name varchar(100) NOT NULL,
        phone_number varchar(20),
        city varchar(100),
        occupation varchar(50),
        institution_name varchar(150),
        emergency_contact varchar(20),
        preferred_wake_up_time varchar(5),
        date_of_birth date,
        gender varchar(30),
        sleep_challenges text[] NOT NULL DEFAULT '{}',
        is_email_verified boolean NOT NULL DEFAULT false,
        is_phone_verified boolean NOT NULL DEFAULT false,
        profile_picture_url varchar(500),
        google_sub varchar(64),
        role varchar(16) NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'SUPPORT')),
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX users_google_sub_key ON users (google_sub) WHERE google_sub IS NOT NULL`);
    await q.query(`CREATE INDEX users_phone_idx ON users (phone_number)`);
    await q.query(`CREATE INDEX users_name_idx ON users (lower(full_name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
  }
}
