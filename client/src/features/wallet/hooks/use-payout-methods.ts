import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { getPayoutMethods, lookupIfsc, removePayoutMethod, type IfscBranch } from '../api/payout-methods-api';
import { IFSC_PATTERN } from '../utils/withdraw-schema';

// Under ['wallet', userId]: the refresh after money moved reloads them with the rest of the wallet.
const payoutMethodsKey = (userId?: string) => [...queryKeys.wallet.all, userId ?? 'anonymous', 'payout-methods'] as const;

export function usePayoutMethods() {
  const { user } = useAuth();
  return useQuery({ queryKey: payoutMethodsKey(user?.id), queryFn: getPayoutMethods, staleTime: 60_000, retry: false });
}

export function useRemovePayoutMethod() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePayoutMethod, onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutMethodsKey(user?.id) }) });
}

export const IFSC_UNKNOWN = 'No bank branch has this IFSC';

/** What the IFSC field says under itself: nothing yet, looking, the branch, no such branch, or lookup unavailable. */
export type IfscStatus =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'found'; branch: IfscBranch }
  | { kind: 'missing'; message: string }
  | { kind: 'unavailable' };

/** Looks the branch up once the code is well formed; the directory being down is no error (the user types the bank). */
export function useIfscLookup(code: string): IfscStatus {
  const valid = IFSC_PATTERN.test(code);
  const query = useQuery({ queryKey: ['ifsc', code], queryFn: () => lookupIfsc(code), enabled: valid, retry: false, staleTime: Infinity, gcTime: 60 * 60_000 });
  if (!valid) return { kind: 'idle' };
  if (query.isPending) return { kind: 'looking' };
  if (query.data) return { kind: 'found', branch: query.data };
  // Only the directory's own "no such branch" blocks the form; any other failure (a proxy's 404 included) lets it go on.
  if (isApiError(query.error) && query.error.status === 404 && query.error.serverMessage === IFSC_UNKNOWN) return { kind: 'missing', message: IFSC_UNKNOWN };
  return { kind: 'unavailable' };
}
