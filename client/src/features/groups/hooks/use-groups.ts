import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { groupKeys, groupQueryOptions, groupsQueryOptions, invitePreviewQueryOptions, refereeQueryOptions } from '../api/groups-api';

const useUserId = () => useAuth().user?.id ?? 'anonymous';

export function useGroups() {
  return useQuery(groupsQueryOptions(useUserId()));
}

export function useGroup(groupId: string) {
  return useQuery(groupQueryOptions(useUserId(), groupId));
}

export function useInvitePreview(token: string) {
  return useQuery(invitePreviewQueryOptions(useUserId(), token));
}

/** `enabled` false: no request (a screen that only needs it for a photo check-in). */
export function useRefereeOverview(enabled = true) {
  return useQuery({ ...refereeQueryOptions(useUserId()), enabled });
}

/** A mutation that refreshes everything the groups screens show once it succeeds. */
export function useGroupsMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>, onSuccess?: (result: TResult, args: TArgs) => void) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result, args) => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.all(userId) });
      onSuccess?.(result, args);
    },
  });
}
