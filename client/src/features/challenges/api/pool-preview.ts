import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/types/api';

/** GET /challenges/pool?date=: a date's players and the pool so far (rupees), by settlement's own split rule. */
export type PoolPreview = Schemas['PoolPreview'];

/** Pools are per date and proof; `proof` picks one (the server's default is NONE). */
export async function getPoolPreview(date: string, signal?: AbortSignal, proof: 'NONE' | 'PHOTO' = 'NONE'): Promise<PoolPreview> {
  return unwrap<PoolPreview>(await api.get('/challenges/pool', { query: proof === 'PHOTO' ? { date, proof } : { date }, signal }));
}

export const poolPreviewQueryOptions = (date: string, proof: 'NONE' | 'PHOTO' = 'NONE') =>
  queryOptions({
    queryKey: ['challenges', 'pool', date, proof] as const,
    queryFn: ({ signal }) => getPoolPreview(date, signal, proof),
    staleTime: 60_000,
  });
