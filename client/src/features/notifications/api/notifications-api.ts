import { api, unwrap } from '@/lib/api-client';

export interface AppNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  data?: unknown;
}

export interface NotificationPage {
  notifications: AppNotification[];
  unreadCount: number;
  total?: number;
}

/** GET /wallet/notifications → data { notifications, unreadCount }. */
export async function getNotifications(size = 10): Promise<NotificationPage> {
  const data = unwrap<Partial<NotificationPage>>(await api.get('/wallet/notifications', { query: { page: 0, size } }));
  const notifications = data?.notifications ?? [];
  return { ...data, notifications, unreadCount: data?.unreadCount ?? notifications.filter((n) => !n.isRead).length };
}

export async function markNotificationRead(id: string): Promise<void> {
  await api.put(`/wallet/notifications/${encodeURIComponent(id)}/read`);
}
