import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Groups, their members and invite links, referees and the photo check-ins a referee was asked to look at.
 * No money here: a referee's answer is a record shown to the group and support, never a ledger entry.
 */
export class Groups1763803000000 implements MigrationInterface {
  name = 'Groups1763803000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE friend_groups (
        id uuid PRIMARY KEY,
        name varchar(40) NOT NULL CHECK (length(btrim(name)) > 0),
        owner_id uuid NOT NULL,
        invite_token varchar(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE friend_group_members (
        group_id uuid NOT NULL REFERENCES friend_groups (id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (group_id, user_id)
      )`);
    await q.query(`CREATE INDEX friend_group_members_user_idx ON friend_group_members (user_id)`);
    await q.query(`
      CREATE TABLE referees (
        user_id uuid PRIMARY KEY,
        referee_id uuid NOT NULL CHECK (referee_id <> user_id),
        group_id uuid NOT NULL REFERENCES friend_groups (id) ON DELETE CASCADE,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE referee_requests (
        id uuid PRIMARY KEY,
        challenge_id uuid NOT NULL UNIQUE,
        challenge_date date NOT NULL,
        user_id uuid NOT NULL,
        referee_id uuid NOT NULL CHECK (referee_id <> user_id),
        group_id uuid NOT NULL,
        status varchar(9) NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'REJECTED')),
        note varchar(200),
        created_at timestamptz NOT NULL,
        decided_at timestamptz,
        CHECK ((status = 'PENDING') = (decided_at IS NULL))
      )`);
    await q.query(`CREATE INDEX referee_requests_referee_idx ON referee_requests (referee_id, created_at)`);
    await q.query(`CREATE INDEX referee_requests_user_idx ON referee_requests (user_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE referee_requests`);
    await q.query(`DROP TABLE referees`);
    await q.query(`DROP TABLE friend_group_members`);
    await q.query(`DROP TABLE friend_groups`);
  }
}
