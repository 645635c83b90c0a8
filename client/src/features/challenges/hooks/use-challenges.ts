import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/features/auth';
import { loadStateOf } from '@/components/ui/load-failed';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterMoneyMoved } from '@/lib/wallet-balance';
import {
  cancelChallenge as cancelRequest,
  CHALLENGES_PAGE_SIZE,
  createChallenge as createRequest,
  getChallenges,
  getChallengesByDate,
  getChallengeStats,
  verifyChallenge as verifyRequest,
} from '../api/challenges-api';
import { challengeKeys } from '../api/query-keys';
import type { Challenge, ChallengeList, CreateChallengeInput, VerifyInput } from '../api/types';
import { todayIST } from '../utils/dates';
import { selectTodayChallenge } from '../utils/challenge-rules';

/** SPEC.md section 8: the challenge store's messages. */
export const challengeMessages = {
  create: 'Failed to create challenge',
  loadList: 'Failed to load challenges',
  loadToday: "Failed to load today's challenge",
  loadOne: 'Failed to load challenge',
  verify: 'Failed to verify challenge',
  cancel: 'Failed to cancel challenge',
  loadStats: 'Failed to load statistics',
  initialLoad: 'Failed to load challenge data. Please try refreshing the page.',
  noChallengeToday: 'No challenge found for today to verify.',
} as const;

/** The words to show for a failed call: the server's own, else the catalogue's. */
export function reasonOf(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

/** Put a changed challenge into every cached list and date query of the user (replacing, prepending or removing). */
export function applyChallengeChange(
  queryClient: QueryClient,
  userId: string,
  challenge: Challenge,
  change: 'created' | 'updated' | 'removed',
): void {
  const fix = (list: Challenge[]): Challenge[] => {
    const rest = list.filter((c) => c.id !== challenge.id);
    if (change === 'removed') return rest;
    if (change === 'created') return [challenge, ...rest];
    return list.map((c) => (c.id === challenge.id ? challenge : c));
  };
  queryClient.setQueriesData<ChallengeList>({ queryKey: [...challengeKeys.all(userId), 'list'] }, (old) =>
    old ? { ...old, challenges: fix(old.challenges), total: old.total + (change === 'created' ? 1 : change === 'removed' ? -1 : 0) } : old,
  );
  queryClient.setQueryData<Challenge[]>(challengeKeys.byDate(userId, challenge.challengeDate), (old) =>
    old ? fix(old) : change === 'created' ? [challenge] : old,
  );
  // Status lists (['challenges', userId, 'status', status, size]): a challenge sits only in its own status's list.
  for (const [key, old] of queryClient.getQueriesData<Challenge[]>({ queryKey: [...challengeKeys.all(userId), 'status'] })) {
    if (!Array.isArray(old)) continue;
    const status = key[3];
    const rest = old.filter((c) => c.id !== challenge.id);
    const belongs = change !== 'removed' && challenge.status === status;
    queryClient.setQueryData(key, belongs ? (change === 'created' ? [challenge, ...rest] : old.some((c) => c.id === challenge.id) ? old.map((c) => (c.id === challenge.id ? challenge : c)) : [challenge, ...rest]) : rest);
  }
}

export interface UseChallengesOptions {
  /** The instant "now" for picking today's challenge (the dashboard passes its ticking clock). */
  now?: Date;
}

/**
 * The challenge store of SPEC.md section 4: once authenticated it loads page 0 of 10 challenges, today's
 * challenges (IST) and the stats; it is cleared when signed out. Operations keep the held data in step.
 */
export function useChallenges({ now }: UseChallengesOptions = {}) {
  const { user, isAuthenticated, isLoading: authLoading, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? 'anonymous';
  const at = now ?? new Date();
  const today = todayIST(at);
  const [opError, setOpError] = useState<string | null>(null);
  const [dismissedAt, setDismissedAt] = useState(0);

  const list = useQuery({
    queryKey: challengeKeys.page(userId, 0, CHALLENGES_PAGE_SIZE),
    queryFn: ({ signal }) => getChallenges(0, CHALLENGES_PAGE_SIZE, signal),
    enabled: isAuthenticated,
  });
  const todays = useQuery({
    queryKey: challengeKeys.byDate(userId, today),
    queryFn: ({ signal }) => getChallengesByDate(today, signal),
    enabled: isAuthenticated,
  });
  const stats = useQuery({
    queryKey: challengeKeys.stats(userId),
    queryFn: ({ signal }) => getChallengeStats(signal),
    enabled: isAuthenticated,
  });

  // Cleared when not authenticated.
  useEffect(() => {
    if (!authLoading && !isAuthenticated) {
      queryClient.removeQueries({ queryKey: queryKeys.challenges.all });
      setOpError(null);
    }
  }, [authLoading, isAuthenticated, queryClient]);

  const loadError = useMemo(() => {
    const failed = [
      { q: list, message: challengeMessages.loadList },
      { q: todays, message: challengeMessages.loadToday },
      { q: stats, message: challengeMessages.loadStats },
    ].filter(({ q }) => q.isError && !isUnauthorized(q.error) && q.errorUpdatedAt > dismissedAt);
    if (!failed.length) return null;
    // Nothing loaded yet: the initial-load message; a later refresh failing: that call's message.
    const initial = failed.some(({ q }) => q.data === undefined);
    return initial ? challengeMessages.initialLoad : failed[0].message;
  }, [list, todays, stats, dismissedAt]);

  const refreshAll = useCallback(() => queryClient.invalidateQueries({ queryKey: challengeKeys.all(userId) }), [queryClient, userId]);
  // Money moved (stake taken or returned): the balance and the signed-in user are re-read.
  const refreshBalance = useCallback(() => refreshAfterMoneyMoved(queryClient, refreshUser), [queryClient, refreshUser]);

  const create = useMutation({
    mutationFn: createRequest,
    onSuccess: (created) => {
      applyChallengeChange(queryClient, userId, created, 'created');
      void refreshAll();
      void refreshBalance();
    },
  });
  const cancel = useMutation({
    mutationFn: (challenge: Challenge) => cancelRequest(challenge.id),
    onSuccess: (_result, challenge) => {
      applyChallengeChange(queryClient, userId, challenge, 'removed');
      void refreshAll();
      void refreshBalance();
    },
  });
  const verify = useMutation({
    mutationFn: verifyRequest,
    onSuccess: (result) => {
      // The returned challenge replaces the held one.
      if (result?.challenge) applyChallengeChange(queryClient, userId, result.challenge, 'updated');
      void refreshAll();
    },
  });
  const busy = create.isPending || cancel.isPending || verify.isPending;

  // An operation's failure becomes the store's message (callers may also set or dismiss it); the call still rejects.
  const run = useCallback(async <T,>(op: () => Promise<T>, failure: (e: unknown) => string): Promise<T> => {
    setOpError(null);
    try {
      return await op();
    } catch (error) {
      setOpError(failure(error));
      throw error;
    }
  }, []);

  const createMutation = create.mutateAsync;
  const createChallenge = useCallback(
    (input: CreateChallengeInput) => run(() => createMutation(input), () => challengeMessages.create),
    [run, createMutation],
  );

  const cancelMutation = cancel.mutateAsync;
  const cancelChallenge = useCallback(
    (challenge: Challenge) => run(() => cancelMutation(challenge), (e) => `${challengeMessages.cancel}: ${reasonOf(e)}`),
    [run, cancelMutation],
  );

  const todayChallenge = useMemo(() => selectTodayChallenge(todays.data ?? [], today, at), [todays.data, today, at]);

  const verifyMutation = verify.mutateAsync;
  /** Checks in today's challenge (or the one given). */
  const verifyChallenge = useCallback(
    async (input: Omit<VerifyInput, 'challengeId'> & { challengeId?: string }) => {
      const challengeId = input.challengeId ?? todayChallenge?.id;
      if (!challengeId) {
        setOpError(challengeMessages.noChallengeToday);
        throw new Error(challengeMessages.noChallengeToday);
      }
      return run(() => verifyMutation({ ...input, challengeId }), (e) => `${challengeMessages.verify}: ${reasonOf(e)}`);
    },
    [todayChallenge, run, verifyMutation],
  );

  const clearError = useCallback(() => {
    setOpError(null);
    setDismissedAt(Date.now());
  }, []);

  return {
    today,
    challenges: list.data?.challenges ?? [],
    total: list.data?.total ?? 0,
    todayChallenges: todays.data ?? [],
    todayChallenge,
    stats: stats.data ?? null,
    // A failed first load is an error with a retry on screen, never "no challenge" or zeros.
    todayLoad: loadStateOf(todays),
    statsLoad: loadStateOf(stats),
    isLoading: isAuthenticated && (list.isPending || todays.isPending || stats.isPending),
    busy,
    error: opError ?? loadError,
    setError: setOpError,
    clearError,
    createChallenge,
    cancelChallenge,
    verifyChallenge,
    refresh: refreshAll,
    refreshBalance,
  };
}

export type ChallengeStore = ReturnType<typeof useChallenges>;
