import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotificationsRepository } from '../../infrastructure/notifications.repository.js';
import { ListUserNotificationsQuery, NotificationRecord } from './list-user-notifications.query.js';

@QueryHandler(ListUserNotificationsQuery)
export class ListUserNotificationsHandler implements IQueryHandler<ListUserNotificationsQuery, NotificationRecord[]> {
  constructor(@Inject(NotificationsRepository) private readonly notifications: NotificationsRepository) {}

  async execute({ userId }: ListUserNotificationsQuery): Promise<NotificationRecord[]> {
    const rows = await this.notifications.all(userId);
    return rows.map((r) => ({ id: r.id, type: r.type, title: r.title, message: r.message, isRead: r.is_read, readAt: r.read_at, createdAt: r.created_at }));
  }
}
