import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../../../common/prepared-query.js';
import { uuid7 } from '../../../common/uuid.js';
import type { NotificationInput } from '../commands/create-notifications/create-notifications.command.js';

export type NotificationRow = NotificationInput & { at: Date };

const INSERT_SQL = `
WITH x AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
             AS x(id, user_id, type, title, message, data, dedupe_key, created_at)
), ins AS (
  INSERT INTO notifications (id, user_id, type, title, message, data, dedupe_key, created_at)
  SELECT id, user_id, type, title, message, data::jsonb, dedupe_key, created_at FROM x
  ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING RETURNING id
)
SELECT y.asked, CASE WHEN y.inserted THEN y.asked END AS inserted,
       CASE WHEN NOT y.inserted THEN (SELECT n.id FROM notifications n WHERE n.dedupe_key = y.dedupe_key) END AS existing
  FROM (SELECT x.id AS asked, x.dedupe_key, x.id IN (SELECT id FROM ins) AS inserted FROM x) y`;
// (a hashed membership test, not a join: settlement chunks run with joins restricted to nested loops, see
// SettlementRepository.useKeyedPlans)

const jsonOf = (data: Record<string, unknown> | undefined) => JSON.stringify(data ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * Stores notifications in one statement (in the manager's transaction, or on its own). A dedupeKey already stored, or
 * met earlier in `rows`, stores nothing and answers the stored id. One answer per row, in order. Shared by
 * CreateNotification (batched per tick) and CreateNotifications (settlement chunks).
 */
export async function insertNotifications(on: DataSource | EntityManager, rows: NotificationRow[]): Promise<{ id: string | null; created: boolean }[]> {
  // Each row's slot among the rows actually asked for: a key repeated within `rows` shares its first row's slot.
  const asked: NotificationRow[] = [];
  const slotOfKey = new Map<string, number>();
  const slots = rows.map((r) => {
    const known = r.dedupeKey == null ? undefined : slotOfKey.get(r.dedupeKey);
    if (known !== undefined) return known;
    if (r.dedupeKey != null) slotOfKey.set(r.dedupeKey, asked.length);
    return asked.push(r) - 1;
  });
  const ids = asked.map(() => uuid7());
  const answers = (await preparedQuery(on, 'notifications_insert_v2', INSERT_SQL, [
    ids,
    asked.map((r) => r.userId),
    asked.map((r) => r.type),
    asked.map((r) => r.title.slice(0, 200)),
    asked.map((r) => r.message.slice(0, 1000)),
    asked.map((r) => jsonOf(r.data)),
    asked.map((r) => r.dedupeKey ?? null),
    asked.map((r) => r.at),
  ])) as { asked: string; inserted: string | null; existing: string | null }[];
  const byAsked = new Map(answers.map((a) => [a.asked, a]));
  // id null: the key was stored by a transaction that committed while this statement ran (not visible to it).
  const stored = ids.map((askedId) => {
    const a = byAsked.get(askedId);
    return { id: a?.inserted ?? a?.existing ?? null, created: a?.inserted != null };
  });
  const answered = new Set<number>();
  return slots.map((k) => {
    const first = !answered.has(k);
    answered.add(k);
    return { id: stored[k].id, created: stored[k].created && first };
  });
}

export interface NotificationPageRow {
  id: string;
  type: string;
  title: string;
  message: string;
  data: unknown;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
  total: number;
}

export interface NotificationExportRow {
  id: string;
  type: string;
  title: string;
  message: string;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
}

/** The notifications table: stored by insertNotifications above, read and marked read here. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Marks one of the user's notifications read (the first read time kept); false when it is not theirs or not there. */
  async markRead(userId: string, id: string, at: Date): Promise<boolean> {
    const [rows] = (await this.ds.query(
      `UPDATE notifications SET is_read = true, read_at = coalesce(read_at, $3) WHERE id = $1 AND user_id = $2 RETURNING id, is_read`,
      [id, userId, at],
    )) as [{ id: string }[], number];
    return rows.length > 0;
  }

  /** Marks every unread notification of the user read; how many it changed. */
  async markAllRead(userId: string, at: Date): Promise<number> {
    const [, updated] = (await this.ds.query(`UPDATE notifications SET is_read = true, read_at = coalesce(read_at, $2) WHERE user_id = $1 AND NOT is_read`, [
      userId,
      at,
    ])) as [unknown[], number];
    return updated;
  }

  /** A page, newest first, each row carrying the total of the filter. */
  page(userId: string, unreadOnly: boolean, size: number, offset: number): Promise<NotificationPageRow[]> {
    return this.ds.query(
      `SELECT id, type, title, message, data, is_read, read_at, created_at, count(*) OVER ()::int AS total
         FROM notifications WHERE user_id = $1 AND ($2::boolean = false OR NOT is_read)
        ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [userId, unreadOnly, size, offset],
    ) as Promise<NotificationPageRow[]>;
  }

  async unreadCount(userId: string): Promise<number> {
    const [unread] = (await this.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT is_read`, [userId])) as { n: number }[];
    return unread.n;
  }

  /** How many the filter matches (a page past the end has no row to carry the total). */
  async count(userId: string, unreadOnly: boolean): Promise<number> {
    const [c] = (await this.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND ($2::boolean = false OR NOT is_read)`, [
      userId,
      unreadOnly,
    ])) as { n: number }[];
    return c.n;
  }

  /** Every notification of the user, oldest first. */
  all(userId: string): Promise<NotificationExportRow[]> {
    return this.ds.query(`SELECT id, type, title, message, is_read, read_at, created_at FROM notifications WHERE user_id = $1 ORDER BY created_at, id`, [
      userId,
    ]) as Promise<NotificationExportRow[]>;
  }
}
