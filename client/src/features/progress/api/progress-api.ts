import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { ApiData } from '@/types/api';

/** GET /me/progress?year=YYYY: the numbers behind the progress charts (rupees; times IST). */
export type Progress = ApiData<'/me/progress', 'get'>;
export type ProgressMorning = Progress['mornings'][number];
export type MorningStatus = ProgressMorning['status'];
export type ProgressWeek = Progress['weeks'][number];
export type ProgressMonth = Progress['months'][number];

export async function getProgress(year: number, signal?: AbortSignal): Promise<Progress> {
  return unwrap<Progress>(await api.get(`/me/progress?year=${year}`, { signal }));
}

export const progressQueryOptions = (year: number) => queryOptions({ queryKey: ['me', 'progress', year], queryFn: ({ signal }) => getProgress(year, signal) });
