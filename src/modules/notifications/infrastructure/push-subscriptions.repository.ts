import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface PushSubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** push_subscriptions and push_reminders_sent. */
@Injectable()
export class PushSubscriptionsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A browser's subscription belongs to whoever subscribed it last (one endpoint, one row). */
  async save(s: Omit<PushSubscriptionRow, 'id'>, now: Date): Promise<string> {
    const [row] = (await this.ds.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = EXCLUDED.created_at
       RETURNING id`,
      [s.userId, s.endpoint, s.p256dh, s.auth, now],
    )) as { id: string }[];
    return row.id;
  }

  async remove(userId: string, endpoint: string): Promise<boolean> {
    const [, count] = (await this.ds.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`, [userId, endpoint])) as [unknown, number];
    return count > 0;
  }

  async removeById(id: string): Promise<void> {
    await this.ds.query(`DELETE FROM push_subscriptions WHERE id = $1`, [id]);
  }

  async forUsers(userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return (await this.ds.query(
      `SELECT id, user_id AS "userId", endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ANY($1::uuid[]) ORDER BY created_at`,
      [userIds],
    )) as PushSubscriptionRow[];
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.ds.query(`UPDATE push_subscriptions SET last_sent_at = $2 WHERE id = $1`, [id, now]);
  }

  /**
   * Claims a reminder in the caller's transaction with the channel it goes by first: true once per challenge and kind,
   * however many workers scan at once (the in-app notice and any mail are written in the same transaction).
   */
  async claim(m: EntityManager, r: { challengeId: string; kind: string; userId: string; channel: string }, now: Date): Promise<boolean> {
    const rows = (await m.query(
      `INSERT INTO push_reminders_sent (challenge_id, kind, user_id, sent_at, channel) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
      [r.challengeId, r.kind, r.userId, now, r.channel],
    )) as unknown[];
    return rows.length > 0;
  }

  /** A pushed reminder that reached no device moves to its fallback: true once (a retry finds it moved already). */
  async fallBack(m: EntityManager, challengeId: string, kind: string, channel: 'mail' | 'in-app'): Promise<boolean> {
    const [rows] = (await m.query(
      `UPDATE push_reminders_sent SET channel = $3 WHERE challenge_id = $1 AND kind = $2 AND channel = 'push' AND delivered = 0 RETURNING 1`,
      [challengeId, kind, channel],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  async recordMail(m: EntityManager, challengeId: string, kind: string, mailId: string): Promise<void> {
    await m.query(`UPDATE push_reminders_sent SET mail_id = $3 WHERE challenge_id = $1 AND kind = $2`, [challengeId, kind, mailId]);
  }

  async recordDelivered(challengeId: string, kind: string, delivered: number): Promise<void> {
    await this.ds.query(`UPDATE push_reminders_sent SET delivered = $3 WHERE challenge_id = $1 AND kind = $2`, [challengeId, kind, delivered]);
  }
}
