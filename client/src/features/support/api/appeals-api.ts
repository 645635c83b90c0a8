import { api, getBlob, unwrap } from '@/lib/api-client';
import type { ApiData, Schemas } from '@/types/api';

// Appeals of missed mornings (src/modules/support/support-appeals.controller.ts): support upholds the miss or refunds.

/** An appeal with who filed it and the morning (components.schemas.SupportAppeal; forfeitAmount in rupees). */
export type SupportAppeal = Schemas['SupportAppeal'];
export type SupportAppealStatus = SupportAppeal['status'];
export type AppealDecision = Exclude<SupportAppealStatus, 'OPEN'>;

/** The server refuses a shorter note (DecideAppealDto). */
export const DECISION_NOTE_MIN = 5;

/** GET /support/appeals?status= (oldest first; no status: all). */
export async function listAppeals(status: SupportAppealStatus | 'ALL', signal?: AbortSignal): Promise<SupportAppeal[]> {
  const body = await api.get('/support/appeals', { query: { status: status === 'ALL' ? undefined : status }, signal });
  return unwrap<Partial<ApiData<'/support/appeals', 'get'>>>(body)?.appeals ?? [];
}

/** POST /support/appeals/{id}/decision { decision, note }: the decided appeal. */
export async function decideAppeal(id: string, decision: AppealDecision, note: string): Promise<ApiData<'/support/appeals/{id}/decision', 'post'>> {
  return unwrap(await api.post(`/support/appeals/${encodeURIComponent(id)}/decision`, { decision, note }));
}

/** The challenge's stored check-in selfie (GET /support/challenges/{id}/photo; the look-up is recorded). */
export async function fetchCheckInPhoto(challengeId: string, signal?: AbortSignal): Promise<Blob> {
  return (await getBlob(`/support/challenges/${encodeURIComponent(challengeId)}/photo`, { headers: { Accept: 'image/*' }, signal })).blob;
}

/** The photo the user sent with the appeal (GET /support/appeals/{id}/photo; the look is recorded). */
export async function fetchAppealPhoto(appealId: string, signal?: AbortSignal): Promise<Blob> {
  return (await getBlob(`/support/appeals/${encodeURIComponent(appealId)}/photo`, { headers: { Accept: 'image/*' }, signal })).blob;
}
