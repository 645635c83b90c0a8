import type { ApiData } from '@/types/api';
import { api, unwrap } from '@/lib/api-client';
import type {
  CanCreateResult,
  Challenge,
  ChallengeList,
  ChallengeStats,
  CreateChallengeInput,
  Earnings,
  StreakStatistics,
  TestChallengeResult,
  UserSettlement,
  VerifyInput,
  VerifyResult,
} from './types';

/** SPEC.md section 9: the challenges page size. */
export const CHALLENGES_PAGE_SIZE = 10;

function listOf(body: unknown): ChallengeList {
  const b = (body ?? {}) as Partial<ChallengeList> & { data?: Partial<ChallengeList> };
  const src = Array.isArray(b.challenges) ? b : (b.data ?? {});
  const challenges = Array.isArray(src.challenges) ? src.challenges : [];
  return { challenges, page: src.page ?? 0, size: src.size ?? challenges.length, total: src.total ?? challenges.length };
}

/** GET /challenges?page=&size= (cancelled ones are left out by the server). */
export async function getChallenges(page = 0, size = CHALLENGES_PAGE_SIZE, signal?: AbortSignal): Promise<ChallengeList> {
  return listOf(await api.get('/challenges', { query: { page, size }, signal }));
}

/** GET /challenges/status/{status}?page=&size= */
export async function getChallengesByStatus(status: string, size = 50, signal?: AbortSignal): Promise<Challenge[]> {
  return listOf(await api.get(`/challenges/status/${encodeURIComponent(status)}`, { query: { page: 0, size }, signal })).challenges;
}

/** GET /challenges/date/{date}: a challenges array, or a single challenge. */
export async function getChallengesByDate(date: string, signal?: AbortSignal): Promise<Challenge[]> {
  const body = (await api.get(`/challenges/date/${encodeURIComponent(date)}`, { signal })) as {
    challenges?: Challenge[];
    challenge?: Challenge | null;
  };
  if (Array.isArray(body?.challenges)) return body.challenges;
  return body?.challenge ? [body.challenge] : [];
}

/** GET /challenges/stats: a plain object. */
export async function getChallengeStats(signal?: AbortSignal): Promise<ChallengeStats> {
  return unwrap<ChallengeStats>(await api.get('/challenges/stats', { signal }));
}

/** GET /challenges/can-create?date=; false (with no reason) when the call itself fails (SPEC.md section 8). */
export async function canCreateChallenge(date: string, signal?: AbortSignal): Promise<CanCreateResult> {
  try {
    const body = (await api.get('/challenges/can-create', { query: { date }, signal })) as CanCreateResult;
    return { canCreate: !!body?.canCreate, reason: body?.reason };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { canCreate: false };
  }
}

/** GET /challenges/bookable-dates: today and the next 7 dates, each bookable or not with the reason. */
export type BookableDates = ApiData<'/challenges/bookable-dates', 'get'>;
export type BookableDate = BookableDates['dates'][number];

/** GET /challenges/bookable-dates: today and the next 7 dates in one call, each bookable or not with the reason. */
export async function getBookableDates(signal?: AbortSignal): Promise<BookableDates> {
  return unwrap<BookableDates>(await api.get('/challenges/bookable-dates', { signal }));
}

/** GET /challenges/{id}: one of the user's challenges. */
export async function getChallenge(id: string, signal?: AbortSignal): Promise<Challenge> {
  const body = (await api.get(`/challenges/${encodeURIComponent(id)}`, { signal })) as { challenge: Challenge };
  return body.challenge;
}

/** POST /challenges: returns the created challenge. */
export async function createChallenge(input: CreateChallengeInput): Promise<Challenge> {
  const body = (await api.post('/challenges', input)) as { challenge: Challenge };
  return body.challenge;
}

/** DELETE /challenges/{id}: the stake comes back in full. */
export async function cancelChallenge(id: string): Promise<{ challenge?: Challenge; refundedAmount?: number }> {
  return (await api.delete(`/challenges/${encodeURIComponent(id)}`)) as { challenge?: Challenge; refundedAmount?: number };
}

/**
 * POST /challenges/verify: JSON for MANUAL, multipart with `photo` for PHOTO. `idempotencyKey` (one per tap, the same on
 * its retries) makes a retry return the first answer instead of checking in twice.
 */
export async function verifyChallenge(input: VerifyInput, idempotencyKey?: string): Promise<VerifyResult> {
  const { photo, ...fields } = input;
  const options = idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined;
  if (photo) {
    const form = new FormData();
    form.append('challengeId', fields.challengeId);
    form.append('verificationMethod', 'PHOTO');
    if (fields.checkInLocation) form.append('checkInLocation', fields.checkInLocation);
    if (fields.notes) form.append('notes', fields.notes);
    form.append('photo', photo);
    return (await api.postMultipart('/challenges/verify', form, options)) as VerifyResult;
  }
  return (await api.post('/challenges/verify', { ...fields, verificationMethod: 'MANUAL' }, options)) as VerifyResult;
}

/** POST /test/challenges/create-test-challenge {}: wake-up 2 minutes ahead, forfeit ₹25 (TEST_MODE only). */
export async function createTestChallenge(): Promise<TestChallengeResult> {
  return (await api.post('/test/challenges/create-test-challenge', {})) as TestChallengeResult;
}

/** GET /streaks/statistics?startDate&endDate */
export async function getStreakStatistics(startDate: string, endDate: string, signal?: AbortSignal): Promise<StreakStatistics> {
  return unwrap<StreakStatistics>(await api.get('/streaks/statistics', { query: { startDate, endDate }, signal }));
}

/** GET /wallet/earnings?startDate&endDate */
export async function getEarnings(startDate: string, endDate: string, signal?: AbortSignal): Promise<Earnings> {
  return unwrap<Earnings>(await api.get('/wallet/earnings', { query: { startDate, endDate }, signal }));
}

/** GET /wallet/balance → data.balance (rupees). */
/** GET /settlements/{date}: the day's anonymous receipt and the user's own lines. */
export async function getSettlement(date: string, signal?: AbortSignal): Promise<UserSettlement> {
  return unwrap<UserSettlement>(await api.get(`/settlements/${encodeURIComponent(date)}`, { signal }));
}
