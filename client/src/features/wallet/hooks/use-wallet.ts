import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterMoneyMoved, walletBalanceQueryOptions } from '@/lib/wallet-balance';
import { getPaymentMethods, getTransactions, type TransactionFilters } from '../api/wallet-api';

const walletKeys = queryKeys.wallet;

/** The balance, in the one cache entry every feature reads (lib/wallet-balance.ts). */
export function useBalance() {
  const { user, isAuthenticated } = useAuth();
  return useQuery({ ...walletBalanceQueryOptions(user?.id), enabled: isAuthenticated });
}

export const TRANSACTIONS_PAGE_SIZE = 20;

/** One page (from 0) of the list under the filters; the page shown stays while the next one loads. */
export function useTransactions(filters: TransactionFilters, page = 0) {
  const { user } = useAuth();
  const query = { type: filters.type || undefined, startDate: filters.startDate || undefined, endDate: filters.endDate || undefined };
  return useQuery({
    queryKey: walletKeys.transactions(user?.id, { ...query, page }),
    queryFn: () => getTransactions({ ...query, page, size: TRANSACTIONS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentMethods() {
  const { user } = useAuth();
  return useQuery({ queryKey: walletKeys.paymentMethods(user?.id), queryFn: getPaymentMethods, staleTime: 60_000 });
}

/** After money moved: reload every wallet query and the user (the profile carries the earnings and losses). */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useCallback(() => refreshAfterMoneyMoved(queryClient, refreshUser), [queryClient, refreshUser]);
}
