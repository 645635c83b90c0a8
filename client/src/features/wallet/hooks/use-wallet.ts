import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/features/auth';
import { getBalance, getPaymentMethods, getTransactions } from '../api/wallet-api';

export const walletKeys = {
  all: ['wallet'] as const,
  // Keyed by user, so a second sign-in on the same page never sees the first user's money.
  balance: (userId?: string) => ['wallet', userId, 'balance'] as const,
  transactions: (userId: string | undefined, type: string) => ['wallet', userId, 'transactions', type] as const,
  paymentMethods: (userId?: string) => ['wallet', userId, 'payment-methods'] as const,
};

export function useBalance() {
  const { user } = useAuth();
  return useQuery({ queryKey: walletKeys.balance(user?.id), queryFn: getBalance });
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
  return useCallback(async () => {
    await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: walletKeys.all })]);
  }, [queryClient, refreshUser]);
}
