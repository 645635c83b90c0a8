import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export interface AppConfig {
  testMode: boolean;
  paymentsProvider: 'sandbox' | 'razorpay';
  razorpayKeyId: string;
  googleClientId: string | null;
  /** POOL_MODE for new challenges: `pledge` = the stake back on success, a miss's forfeit donated (no winnings) */
  poolMode?: 'pool' | 'pledge';
  /** where a pledge-mode miss may go (first = default; empty: the platform) */
  charities?: { id: string; name: string }[];
}

/** GET /config (public): `{ success, data: AppConfig }`. */
export async function getAppConfig(): Promise<AppConfig> {
  return unwrap<AppConfig>(await api.get('/config', { auth: false }));
}

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity, retry: 1 });
