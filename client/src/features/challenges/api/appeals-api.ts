import { api, isApiError } from '@/lib/api-client';
import type { Schemas } from '@/types/api';

// A dispute of a missed morning (src/modules/challenges/appeals.controller.ts): one per challenge, within 48 h.

/** The appeal as the server answers it (components.schemas.Appeal). */
export type Appeal = Schemas['Appeal'];
export type AppealStatus = Appeal['status'];

/** The server's rule (domain/appeal-rules.ts): a reason of 10 to 1000 characters, within 48 h of the window's close. */
export const APPEAL_REASON_MIN = 10;
export const APPEAL_REASON_MAX = 1000;
export const APPEAL_WINDOW_HOURS = 48;
/** The server's upload limit (and its types: it checks the bytes, this only picks the files offered). */
export const APPEAL_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

function appealOf(body: unknown): Appeal {
  const { success: _success, ...appeal } = (body ?? {}) as Appeal & { success?: boolean };
  return appeal;
}

/** GET /challenges/{id}/appeal: the appeal of this miss, or null when it has none (404). */
export async function getAppeal(challengeId: string, signal?: AbortSignal): Promise<Appeal | null> {
  try {
    return appealOf(await api.get(`/challenges/${encodeURIComponent(challengeId)}/appeal`, { signal }));
  } catch (e) {
    if (isApiError(e) && e.status === 404) return null;
    throw e;
  }
}

/** POST /challenges/{id}/appeal: JSON { reason }, or a multipart form when a photo goes with it. */
export async function fileAppeal(challengeId: string, reason: string, photo: File | null = null): Promise<Appeal> {
  const path = `/challenges/${encodeURIComponent(challengeId)}/appeal`;
  if (!photo) return appealOf(await api.post(path, { reason }));
  const form = new FormData();
  form.append('reason', reason);
  form.append('photo', photo);
  return appealOf(await api.postMultipart(path, form));
}
