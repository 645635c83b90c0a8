import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { intParam, invalid, singleValues } from '../../application/wallet-reads.js';
import { ListNotificationsQuery, NotificationsPage } from './list-notifications.query.js';

@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, NotificationsPage> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId, q }: ListNotificationsQuery): Promise<NotificationsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    if (q.unreadOnly !== undefined && !['true', 'false', ''].includes(q.unreadOnly)) throw invalid('unreadOnly must be true or false');
    const unreadOnly = q.unreadOnly === 'true';
    const rows = (await this.ds.query(
      `SELECT id, type, title, message, data, is_read, read_at, created_at, count(*) OVER ()::int AS total
         FROM notifications WHERE user_id = $1 AND ($2::boolean = false OR NOT is_read)
        ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [userId, unreadOnly, size, page * size],
    )) as { id: string; type: string; title: string; message: string; data: unknown; is_read: boolean; read_at: Date | null; created_at: Date; total: number }[];
    const [unread] = (await this.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND NOT is_read`, [userId])) as { n: number }[];
    let total = rows[0]?.total ?? 0;
    if (!rows.length && page > 0) {
      const [c] = (await this.ds.query(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND ($2::boolean = false OR NOT is_read)`, [userId, unreadOnly])) as { n: number }[];
      total = c.n;
    }
    return {
      success: true as const,
      data: {
        notifications: rows.map((r) => ({
          id: r.id,
          type: r.type,
          title: r.title,
          message: r.message,
          data: r.data,
          isRead: r.is_read,
          readAt: r.read_at?.toISOString() ?? null,
          createdAt: r.created_at.toISOString(),
        })),
        page,
        size,
        total,
        unreadCount: unread.n,
      },
    };
  }
}
