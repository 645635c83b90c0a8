import { api, unwrap } from '@/lib/api-client';

/** GET /proof-reviews/next: one anonymous photo waiting for review (no name, no user id), or null. */
export interface ProofReview {
  id: string;
  challengeDate: string;
  wakeUpTime: string;
  checkInTime: string;
  /** a data URL */
  photo: string;
}

export async function getNextProofReview(signal?: AbortSignal): Promise<ProofReview | null> {
  return (unwrap<ProofReview | null>(await api.get('/proof-reviews/next', { signal })) ?? null) as ProofReview | null;
}

/** POST /proof-reviews/{id} { verdict }: once per person; pays nothing. */
export async function answerProofReview(id: string, verdict: 'ACCEPTED' | 'REJECTED'): Promise<void> {
  await api.post(`/proof-reviews/${encodeURIComponent(id)}`, { verdict });
}

export const proofReviewKeys = { next: ['proof-reviews', 'next'] as const };
