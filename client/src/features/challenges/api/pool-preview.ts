import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

/** GET /challenges/pool?date=: a date's players and the pool so far (rupees), by settlement's own split rule. */
export interface PoolPreview {
  date: string;
  /** challenges booked for the date (not cancelled) */
  players: number;
  totalStaked: number;
  checkedIn: number;
  missed: number;
  /** what the misses so far leave: the winners' pool, or in pledge mode what goes to charity */
  pool: number;
  settled: boolean;
}

export async function getPoolPreview(date: string, signal?: AbortSignal): Promise<PoolPreview> {
  return unwrap<PoolPreview>(await api.get('/challenges/pool', { query: { date }, signal }));
}

export const poolPreviewQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['challenges', 'pool', date] as const,
    queryFn: ({ signal }) => getPoolPreview(date, signal),
    staleTime: 60_000,
  });
