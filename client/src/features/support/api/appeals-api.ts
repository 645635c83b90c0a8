import { api, getBlob, unwrap } from '@/lib/api-client';

// Appeals of missed mornings (src/modules/support/support-appeals.controller.ts): support upholds the miss or refunds.

export type SupportAppealStatus = 'OPEN' | 'UPHELD' | 'REFUNDED';
export type AppealDecision = Exclude<SupportAppealStatus, 'OPEN'>;

export interface SupportAppeal {
  id: string;
  challengeId: string;
  status: SupportAppealStatus;
  reason: string;
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
  userId: string;
  decidedBy: string | null;
  /** a photo came with the appeal: GET /support/appeals/{id}/photo */
  hasPhoto?: boolean;
  user?: { email: string; fullName: string } | null;
  challenge: {
    challengeDate: string;
    wakeUpTime: string;
    /** Rupees. */
    forfeitAmount: number;
    status: string;
    failureReason: string | null;
    checkInTime: string | null;
    /** a (late) check-in selfie is stored: GET /support/challenges/{challengeId}/photo */
    hasPhoto?: boolean;
  } | null;
}

/** The server refuses a shorter note (DecideAppealDto). */
export const DECISION_NOTE_MIN = 5;

/** GET /support/appeals?status= (oldest first; no status: all). */
export async function listAppeals(status: SupportAppealStatus | 'ALL', signal?: AbortSignal): Promise<SupportAppeal[]> {
  const body = await api.get('/support/appeals', { query: { status: status === 'ALL' ? undefined : status }, signal });
  return unwrap<{ appeals?: SupportAppeal[] }>(body)?.appeals ?? [];
}

/** POST /support/appeals/{id}/decision { decision, note }: the decided appeal. */
export async function decideAppeal(id: string, decision: AppealDecision, note: string): Promise<Pick<SupportAppeal, 'id' | 'status' | 'decisionNote' | 'decidedAt'>> {
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
