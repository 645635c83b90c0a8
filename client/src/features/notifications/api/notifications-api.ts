import { api, unwrap } from '@/lib/api-client';
import type { ApiData, Schemas } from '@/types/api';

// Shapes from the server's OpenAPI document (src/types/api.ts).
export type AppNotification = Schemas['Notification'];
/** The page, with its paging when the server sent it. */
export type NotificationPage = Partial<ApiData<'/wallet/notifications', 'get'>> & { notifications: AppNotification[]; unreadCount: number };

/** GET /wallet/notifications → data { notifications, unreadCount }. */
export async function getNotifications(size = 10): Promise<NotificationPage> {
  const data = unwrap<Partial<NotificationPage>>(await api.get('/wallet/notifications', { query: { page: 0, size } }));
  const notifications = data?.notifications ?? [];
  return { ...data, notifications, unreadCount: data?.unreadCount ?? notifications.filter((n) => !n.isRead).length };
}

export async function markNotificationRead(id: string): Promise<void> {
  await api.put(`/wallet/notifications/${encodeURIComponent(id)}/read`);
}

/** PATCH /notifications/read-all → data { updated }: every unread notification of the caller. */
export async function markAllNotificationsRead(): Promise<void> {
  await api.patch('/notifications/read-all');
}
