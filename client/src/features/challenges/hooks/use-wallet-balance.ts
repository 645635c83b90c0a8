import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/lib/auth';
import { refreshAfterMoneyMoved, walletBalanceQueryOptions } from '@/lib/wallet-balance';

/** GET /wallet/balance while signed in (the one cache entry, lib/wallet-balance.ts); `refresh` re-reads it and the signed-in user (SPEC.md "refresh user"). */
export function useWalletBalance() {
  const { user, isAuthenticated, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({ ...walletBalanceQueryOptions(user?.id), enabled: isAuthenticated });
  const refresh = useCallback(() => refreshAfterMoneyMoved(queryClient, refreshUser), [queryClient, refreshUser]);
  return { ...query, balance: query.data, refresh };
}
