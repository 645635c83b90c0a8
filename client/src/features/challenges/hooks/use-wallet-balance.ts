import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/features/auth';
import { getWalletBalance } from '../api/challenges-api';
import { walletBalanceKey } from '../api/query-keys';

/** GET /wallet/balance while signed in; `refresh` re-reads it and the signed-in user (SPEC.md "refresh user"). */
export function useWalletBalance() {
  const { user, isAuthenticated, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? 'anonymous';
  const query = useQuery({
    queryKey: walletBalanceKey(userId),
    queryFn: ({ signal }) => getWalletBalance(signal),
    enabled: isAuthenticated,
    staleTime: 5_000,
  });
  const refresh = useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['wallet'] }), refreshUser()]);
  }, [queryClient, refreshUser]);
  return { ...query, balance: query.data, refresh };
}
