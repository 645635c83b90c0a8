import type { AppealRow } from '../infrastructure/appeal.repository.js';

/** An appeal as the API answers it (the user's view and support's). */
export function appealView(a: AppealRow) {
  return {
    id: a.id,
    challengeId: a.challengeId,
    status: a.status,
    reason: a.reason,
    decisionNote: a.decisionNote,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    hasPhoto: a.photoPath !== null,
  };
}
export type AppealView = ReturnType<typeof appealView>;
