import { Query } from '@nestjs/cqrs';

export interface NotificationRecord {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
}

/** Every notification of a user, oldest first (their data export). */
export class ListUserNotificationsQuery extends Query<NotificationRecord[]> {
  constructor(readonly userId: string) {
    super();
  }
}
