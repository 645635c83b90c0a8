import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAuth } from '@/lib/auth';
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
  getChallenge,
  getChallengeStats,
  verifyChallenge as verifyRequest,
} from '../api/challenges-api';
import { challengeKeys } from '../api/query-keys';
import type { Challenge, ChallengeList, CreateChallengeInput, VerifyInput } from '../api/types';
import { todayIST } from '../utils/dates';
import { selectTodayChallenge, windowOf } from '../utils/challenge-rules';
import { checkInRetryDelay, isAlreadyCheckedIn, isRetryableCheckInError, shouldRetryCheckIn, type CheckInProgress } from '../utils/check-in';

/** One tap's check-in: the same key on every retry; `tries` counts the attempts sent. */
interface CheckInSeries {
  input: VerifyInput;
  key: string;
  tries: { n: number };
}

function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** SPEC.md section 8: the challenge store's messages. */
export const challengeMessages = {
  create: 'Failed to create challenge',
  loadList: 'Failed to load challenges',
  loadToday: "Failed to load today's challenge",
  loadOne: 'Failed to load challenge',
  verify: 'Failed to verify challenge',
  cancel: 'Failed to cancel challenge',
  loadStats: 'Failed to load statistics',
  noChallengeToday: 'No challenge found for today to verify.',
} as const;

/**
 * A failed cancel in words (never a raw server error): a refusal (4xx) with the server's reason, anything else
 * (5xx, timeout, offline) as what it means for the person.
 */
export function cancelFailureWords(error: unknown): string {
  const refused = isApiError(error) && error.status >= 400 && error.status < 500;
  return `${challengeMessages.cancel}: ${refused ? reasonOf(error) : "we couldn't reach WakeStake, so nothing was changed. Please try again."}`;
}

/** The words to show for a failed call: the server's own, else the catalogue's. */
export function reasonOf(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}

/** Put a changed challenge into every cached list and date query of the user (replacing, prepending or removing). */
export function applyChallengeChange(queryClient: QueryClient, userId: string, challenge: Challenge, change: 'created' | 'updated' | 'removed'): void {
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
    queryClient.setQueryData(
      key,
      belongs
        ? change === 'created'
          ? [challenge, ...rest]
          : old.some((c) => c.id === challenge.id)
            ? old.map((c) => (c.id === challenge.id ? challenge : c))
            : [challenge, ...rest]
        : rest,
    );
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
  // The window's close of the challenge being checked in (the retries stop there).
  const closesRef = useRef(0);
  const verify = useMutation({
    mutationFn: async ({ input, key, tries }: CheckInSeries) => {
      tries.n += 1;
      try {
        return await verifyRequest(input, key);
      } catch (error) {
        // A retry told "already checked in": an earlier attempt of this tap was recorded (its answer was lost).
        if (tries.n > 1 && isAlreadyCheckedIn(error))
          return { success: true, challenge: await getChallenge(input.challengeId) } as Awaited<ReturnType<typeof verifyRequest>>;
        throw error;
      }
    },
    retry: (failures, error) => shouldRetryCheckIn(failures, error, closesRef.current),
    retryDelay: checkInRetryDelay,
    onSuccess: (result) => {
      // The returned challenge replaces the held one.
      if (result?.challenge) applyChallengeChange(queryClient, userId, result.challenge, 'updated');
      void refreshAll();
    },
  });
  const busy = create.isPending || cancel.isPending || verify.isPending;

  // An operation's failure becomes the store's message (callers may also set or dismiss it); the call still rejects.
  const run = useCallback(async <T>(op: () => Promise<T>, failure: (e: unknown) => string): Promise<T> => {
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
    (input: CreateChallengeInput) =>
      run(
        () => createMutation(input),
        () => challengeMessages.create,
      ),
    [run, createMutation],
  );

  // A failed cancel is said in the dialog it was asked from (cancelFailureWords), not again in the page's banner.
  const cancelChallenge = cancel.mutateAsync;

  const todayChallenge = useMemo(() => selectTodayChallenge(todays.data ?? [], today, at), [todays.data, today, at]);
  const todaysData = todays.data;

  const verifyMutation = verify.mutateAsync;
  /** Checks in today's challenge (or the one given). */
  const verifyChallenge = useCallback(
    async (input: Omit<VerifyInput, 'challengeId'> & { challengeId?: string }) => {
      const challengeId = input.challengeId ?? todayChallenge?.id;
      if (!challengeId) {
        setOpError(challengeMessages.noChallengeToday);
        throw new Error(challengeMessages.noChallengeToday);
      }
      // The card says what happens: no page banner, never a raw server error.
      const target = todaysData?.find((c) => c.id === challengeId);
      closesRef.current = target ? windowOf(target).closesAt : Date.now() + 60_000;
      return verifyMutation({ input: { ...input, challengeId }, key: newKey(), tries: { n: 0 } });
    },
    [todayChallenge, todaysData, verifyMutation],
  );

  const checkIn = useMemo<CheckInProgress>(() => {
    if (verify.isPending) return { phase: verify.failureCount > 0 || verify.isPaused ? 'retrying' : 'sending' };
    if (verify.isError) {
      if (isRetryableCheckInError(verify.error)) return { phase: 'gave-up' };
      return {
        phase: 'refused',
        message: isApiError(verify.error) && verify.error.status === 400 ? reasonOf(verify.error) : isApiError(verify.error) ? verify.error.message : undefined,
      };
    }
    return { phase: 'idle' };
  }, [verify.isPending, verify.failureCount, verify.isPaused, verify.isError, verify.error]);

  const clearError = useCallback(() => setOpError(null), []);

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
    /** Where today's check-in series stands (the card says it in words). */
    checkIn,
    // A failed load shows on its own card with Retry; the page banner is for operations only.
    error: opError,
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
