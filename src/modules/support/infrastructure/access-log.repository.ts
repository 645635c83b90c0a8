import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import type { AccessRecord, SupportActor } from '../domain/access-log.js';

/** support_access_log: one row per console read (who, whom, what, when). */
@Injectable()
export class AccessLogRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async record(a: {
    actorId: string;
    actorEmail: string;
    subjectUserId: string | null;
    action: string;
    target: string;
    details?: Record<string, unknown>;
  }): Promise<void> {
    await this.ds.query(
      `INSERT INTO support_access_log (actor_id, actor_email, subject_user_id, action, target, details, created_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [
        a.actorId,
        a.actorEmail,
        a.subjectUserId,
        a.action.slice(0, 64),
        a.target.slice(0, 300),
        JSON.stringify(a.details ?? {}).replace(/\\u0000/g, '\\ufffd'),
        this.clock.now(),
      ] /* jsonb refuses NUL (a query value of %00) */,
    );
  }

  /** The record of one console look or action by a staff member (subject user, what, on what, details). */
  recordBy(actor: SupportActor, subjectUserId: string | null, action: string, target: string, details: Record<string, unknown>): Promise<void> {
    return this.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId, action, target, details });
  }

  async forSubject(userId: string, limit = 100): Promise<AccessRecord[]> {
    const rows = (await this.ds.query(
      `SELECT id, actor_id, actor_email, subject_user_id, action, target, details, created_at FROM support_access_log
        WHERE subject_user_id = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`,
      [userId, limit],
    )) as Record<string, unknown>[];
    return rows.map((r) => ({
      id: r.id as string,
      actorId: r.actor_id as string,
      actorEmail: r.actor_email as string,
      subjectUserId: (r.subject_user_id as string | null) ?? null,
      action: r.action as string,
      target: r.target as string,
      details: (r.details as Record<string, unknown>) ?? {},
      createdAt: r.created_at as Date,
    }));
  }
}
