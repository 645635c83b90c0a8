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
