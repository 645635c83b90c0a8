import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { intParam, singleValues, unreadOnlyParam } from '../../domain/page-params.js';
import { NotificationsRepository } from '../../infrastructure/notifications.repository.js';
import { ListNotificationsQuery, NotificationsPage } from './list-notifications.query.js';

@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, NotificationsPage> {
  constructor(@Inject(NotificationsRepository) private readonly notifications: NotificationsRepository) {}

  async execute({ userId, q }: ListNotificationsQuery): Promise<NotificationsPage> {
    singleValues(q);
    const page = intParam('page', q.page, 0, 0, 1_000_000);
    const size = intParam('size', q.size, 20, 1, 100);
    const unreadOnly = unreadOnlyParam(q.unreadOnly);
    const rows = await this.notifications.page(userId, unreadOnly, size, page * size);
    const unreadCount = await this.notifications.unreadCount(userId);
    let total = rows[0]?.total ?? 0;
    if (!rows.length && page > 0) total = await this.notifications.count(userId, unreadOnly);
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
        unreadCount,
      },
    };
  }
}
