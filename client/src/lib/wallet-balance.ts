import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { queryKeys } from './query-keys';

/** GET /wallet/balance in rupees. Shared: the wallet pages and the challenge form both read it, through one cache entry. */
export async function getWalletBalance(signal?: AbortSignal): Promise<number> {
  const data = unwrap<{ balance?: number }>(await api.get('/wallet/balance', { signal }));
  return Number(data?.balance ?? 0);
}

export const walletBalanceQueryOptions = (userId?: string) =>
  queryOptions({ queryKey: queryKeys.wallet.balance(userId), queryFn: ({ signal }) => getWalletBalance(signal), staleTime: 5_000 });

/** After money moved: every wallet query and the signed-in user (whose profile carries the earnings and losses) are read again. */
export async function refreshAfterMoneyMoved(queryClient: QueryClient, refreshUser: () => Promise<unknown>): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }), refreshUser()]);
}
