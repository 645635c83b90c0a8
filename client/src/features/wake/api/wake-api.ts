import { api, isApiError, unwrap } from '@/lib/api-client';
import type { ApiData } from '@/types/api';

/** GET /shields: earned by 7 successful mornings in a row, at most `max` held. */
export type Shields = ApiData<'/shields', 'get'>;
export type LeaveList = ApiData<'/leave', 'get'>;
export type SpendShieldResult = ApiData<'/challenges/{id}/shield', 'post'>;
export type BookLeaveResult = ApiData<'/leave', 'post'>;
export type StillAwakeSetting = ApiData<'/still-awake', 'get'>;
export type StillAwakeCheck = ApiData<'/challenges/{id}/still-awake', 'get'>;

export async function getShields(signal?: AbortSignal): Promise<Shields> {
  return unwrap<Shields>(await api.get('/shields', { signal }));
}

/** POST /challenges/{id}/shield: the morning is excused, the whole stake returned. */
export async function spendShield(challengeId: string): Promise<SpendShieldResult> {
  return unwrap<SpendShieldResult>(await api.post(`/challenges/${encodeURIComponent(challengeId)}/shield`, {}));
}

export async function getLeave(signal?: AbortSignal): Promise<LeaveList> {
  return unwrap<LeaveList>(await api.get('/leave', { signal }));
}

export async function bookLeave(date: string): Promise<BookLeaveResult> {
  return unwrap<BookLeaveResult>(await api.post('/leave', { date }));
}

export async function removeLeave(date: string): Promise<void> {
  await api.delete(`/leave/${encodeURIComponent(date)}`);
}

export async function getStillAwake(signal?: AbortSignal): Promise<StillAwakeSetting> {
  return unwrap<StillAwakeSetting>(await api.get('/still-awake', { signal }));
}

export async function setStillAwake(enabled: boolean): Promise<StillAwakeSetting> {
  return unwrap<StillAwakeSetting>(await api.put('/still-awake', { enabled }));
}

/** GET /challenges/{id}/still-awake: null when the challenge has no check. */
export async function getStillAwakeCheck(challengeId: string, signal?: AbortSignal): Promise<StillAwakeCheck | null> {
  try {
    return unwrap<StillAwakeCheck>(await api.get(`/challenges/${encodeURIComponent(challengeId)}/still-awake`, { signal }));
  } catch (e) {
    if (isApiError(e) && e.status === 404) return null;
    throw e;
  }
}

/** POST /challenges/{id}/still-awake: "yes, still awake". */
export async function answerStillAwake(challengeId: string): Promise<void> {
  await api.post(`/challenges/${encodeURIComponent(challengeId)}/still-awake`, {});
}

// Under ['wake', userId]; a shield or leave also touches ['challenges'] and ['wallet'].
export const wakeKeys = {
  shields: (userId: string) => ['wake', userId, 'shields'] as const,
  leave: (userId: string) => ['wake', userId, 'leave'] as const,
  stillAwake: (userId: string) => ['wake', userId, 'still-awake'] as const,
  stillAwakeCheck: (userId: string, challengeId: string) => ['wake', userId, 'still-awake', challengeId] as const,
};
