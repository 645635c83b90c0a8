import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/features/auth';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterMoneyMoved, walletBalanceQueryOptions } from '@/lib/wallet-balance';
import { getPaymentMethods, getTransactions } from '../api/wallet-api';

const walletKeys = queryKeys.wallet;

/** The balance, in the one cache entry every feature reads (lib/wallet-balance.ts). */
export function useBalance() {
  const { user, isAuthenticated } = useAuth();
  return useQuery({ ...walletBalanceQueryOptions(user?.id), enabled: isAuthenticated });
}

export function useTransactions(type: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: walletKeys.transactions(user?.id, type),
    queryFn: () => getTransactions({ page: 0, size: 20, type: type || undefined }),
  });
}

export function usePaymentMethods() {
  const { user } = useAuth();
  return useQuery({ queryKey: walletKeys.paymentMethods(user?.id), queryFn: getPaymentMethods, staleTime: 60_000 });
}

/** After money moved: reload the user (profile carries the balance) and every wallet query. */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useCallback(() => refreshAfterMoneyMoved(queryClient, refreshUser), [queryClient, refreshUser]);
}
