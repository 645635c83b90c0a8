import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/types/api';

/** GET /challenges/pool?date=: a date's players and the pool so far (rupees), by settlement's own split rule. */
export type PoolPreview = Schemas['PoolPreview'];

export async function getPoolPreview(date: string, signal?: AbortSignal): Promise<PoolPreview> {
  return unwrap<PoolPreview>(await api.get('/challenges/pool', { query: { date }, signal }));
}

export const poolPreviewQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['challenges', 'pool', date] as const,
    queryFn: ({ signal }) => getPoolPreview(date, signal),
    staleTime: 60_000,
  });
