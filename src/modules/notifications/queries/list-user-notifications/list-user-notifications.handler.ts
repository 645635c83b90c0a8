import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ListUserNotificationsQuery, NotificationRecord } from './list-user-notifications.query.js';

@QueryHandler(ListUserNotificationsQuery)
export class ListUserNotificationsHandler implements IQueryHandler<ListUserNotificationsQuery, NotificationRecord[]> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userId }: ListUserNotificationsQuery): Promise<NotificationRecord[]> {
    const rows = (await this.ds.query(
      `SELECT id, type, title, message, is_read, read_at, created_at FROM notifications WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )) as { id: string; type: string; title: string; message: string; is_read: boolean; read_at: Date | null; created_at: Date }[];
    return rows.map((r) => ({ id: r.id, type: r.type, title: r.title, message: r.message, isRead: r.is_read, readAt: r.read_at, createdAt: r.created_at }));
  }
}
