import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

// GET /me/progress?year=YYYY (issue #22): the numbers behind the progress charts. Typed here until the OpenAPI
// document is regenerated with the route.

export type MorningStatus = 'SUCCESS' | 'FAILED' | 'EXCUSED' | 'PENDING';

export interface ProgressMorning {
  /** YYYY-MM-DD (IST) */
  date: string;
  status: MorningStatus;
  /** the target, HH:MM IST */
  wakeUpTime: string;
  /** HH:MM:SS IST, or null when not checked in */
  checkInTime: string | null;
}

export interface ProgressWeek {
  /** the Monday the week starts on */
  weekStart: string;
  /** mean target, minutes after midnight */
  targetMinutes: number;
  /** mean check-in, minutes after midnight; null without a check-in */
  actualMinutes: number | null;
}

/** Rupees. */
export interface ProgressMonth {
  /** YYYY-MM */
  month: string;
  deposits: number;
  withdrawals: number;
  staked: number;
  returned: number;
  winnings: number;
  other: number;
  net: number;
}

export interface Progress {
  year: number;
  mornings: ProgressMorning[];
  weeks: ProgressWeek[];
  months: ProgressMonth[];
}

export async function getProgress(year: number, signal?: AbortSignal): Promise<Progress> {
  return unwrap<Progress>(await api.get(`/me/progress?year=${year}`, { signal }));
}

export const progressQueryOptions = (year: number) => queryOptions({ queryKey: ['me', 'progress', year], queryFn: ({ signal }) => getProgress(year, signal) });
