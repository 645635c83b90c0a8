import { api, unwrap } from '@/lib/api-client';

/** GET /me/wake-tag: the text of this person's wake-tag QR code (made on the first call, the same afterwards). */
export async function getWakeTag(signal?: AbortSignal): Promise<string> {
  return unwrap<{ code: string }>(await api.get('/me/wake-tag', { signal })).code;
}

export const wakeTagKey = ['me', 'wake-tag'] as const;
