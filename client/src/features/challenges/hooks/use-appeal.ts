import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { fileAppeal, getAppeal, type Appeal } from '../api/appeals-api';
import { challengeKeys } from '../api/query-keys';

const appealKey = (userId: string, challengeId: string) => [...challengeKeys.all(userId), 'appeal', challengeId] as const;

/** The appeal of one missed morning (null: none filed). */
export function useAppeal(challengeId: string) {
  const { user, isAuthenticated } = useAuth();
  return useQuery({
    queryKey: appealKey(user?.id ?? 'anonymous', challengeId),
    queryFn: ({ signal }) => getAppeal(challengeId, signal),
    enabled: isAuthenticated,
    staleTime: 30_000,
  });
}

/** Files the dispute; the answer is the appeal's state, stored where useAppeal reads it. */
export function useFileAppeal(challengeId: string) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, photo }: { reason: string; photo: File | null }) => fileAppeal(challengeId, reason, photo),
    onSuccess: (appeal: Appeal) => queryClient.setQueryData(appealKey(user?.id ?? 'anonymous', challengeId), appeal),
  });
}
