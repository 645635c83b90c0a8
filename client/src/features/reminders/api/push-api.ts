import { api, request, unwrap } from '@/lib/api-client';

/** GET /notifications/push/public-key (public): the server's VAPID key; 404 when push is not configured. */
export async function getPushPublicKey(signal?: AbortSignal): Promise<string> {
  return unwrap<{ publicKey: string }>(await api.get('/notifications/push/public-key', { auth: false, signal })).publicKey;
}

/** POST /notifications/push/subscriptions: the browser's PushSubscription.toJSON(). */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.post('/notifications/push/subscriptions', subscription);
}

/** DELETE /notifications/push/subscriptions { endpoint }: this browser gets no more reminders. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await request('DELETE', '/notifications/push/subscriptions', { json: { endpoint } });
}
