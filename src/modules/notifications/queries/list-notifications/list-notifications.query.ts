import { Query } from '@nestjs/cqrs';

export interface NotificationsPage {
  success: true;
  data: {
    notifications: { id: string; type: string; title: string; message: string; data: unknown; isRead: boolean; readAt: string | null; createdAt: string }[];
    page: number;
    size: number;
    total: number;
    unreadCount: number;
  };
}

/**
 * A page of the user's in-app notifications, newest first (optionally unread only), with the unread count: the
 * GET /wallet/notifications screen. ListUserNotificationsQuery is the data export's unpaged list, oldest first.
 */
export class ListNotificationsQuery extends Query<NotificationsPage> {
  constructor(
    readonly userId: string,
    readonly q: { page?: string; size?: string; unreadOnly?: string },
  ) {
    super();
  }
}
