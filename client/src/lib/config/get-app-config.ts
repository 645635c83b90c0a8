import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/types/api';

/** GET /config's data, from the server's document. */
export type AppConfig = Schemas['AppConfig'];

/** GET /config (public): `{ success, data: AppConfig }`. */
export async function getAppConfig(): Promise<AppConfig> {
  return unwrap<AppConfig>(await api.get('/config', { auth: false }));
}

export const appConfigQueryOptions = () => queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity, retry: 1 });
