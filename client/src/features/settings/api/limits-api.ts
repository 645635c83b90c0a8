import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ApiData } from '@/types/api';

// The limits a person sets on their own staking: GET/PUT /me/limits, POST/DELETE /me/limits/pause.
// A lower cap or a new pause holds at once; a higher cap, no cap, or ending a pause early, 24 hours later.

export type SelfLimits = ApiData<'/me/limits', 'get'>;

export const limitsQueryKey = ['me', 'limits'] as const;

export async function getLimits(signal?: AbortSignal): Promise<SelfLimits> {
  return unwrap<SelfLimits>(await api.get('/me/limits', { signal }));
}

export const limitsQueryOptions = () => queryOptions({ queryKey: limitsQueryKey, queryFn: ({ signal }) => getLimits(signal) });

/** rupees, or null for no cap */
export async function setStakeCap(monthlyStakeCap: number | null): Promise<SelfLimits> {
  return unwrap<SelfLimits>(await api.put('/me/limits', { monthlyStakeCap }));
}

export async function startPause(days: number): Promise<SelfLimits> {
  return unwrap<SelfLimits>(await api.post('/me/limits/pause', { days }));
}

export async function endPauseEarly(): Promise<SelfLimits> {
  return unwrap<SelfLimits>(await api.delete('/me/limits/pause'));
}
