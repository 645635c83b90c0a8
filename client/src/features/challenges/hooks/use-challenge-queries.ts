import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { getBookableDates, getChallenges, getChallengesByStatus, getEarnings, getSettlement, getStreakStatistics } from '../api/challenges-api';
import { challengeKeys } from '../api/query-keys';
import { HISTORY_ALL_LIMIT, historyOf } from '../utils/challenge-rules';
import { todayIST } from '../utils/dates';

function useUser() {
  const { user, isAuthenticated } = useAuth();
  return { userId: user?.id ?? 'anonymous', enabled: isAuthenticated };
}

/** The keys of the two reads below (the dashboard asks whether what they hold is live: lib/use-last-dashboard). */
export const pendingChallengesKey = (userId: string) => challengeKeys.byStatus(userId, 'PENDING', 50);
export const challengeHistoryKey = (userId: string) => [...challengeKeys.all(userId), 'history', HISTORY_ALL_LIMIT] as const;

/** Every PENDING challenge (up to 50): Upcoming and Challenge Pledges. */
export function usePendingChallenges() {
  const { userId, enabled } = useUser();
  return useQuery({
    queryKey: pendingChallengesKey(userId),
    queryFn: ({ signal }) => getChallengesByStatus('PENDING', 50, signal),
    enabled,
  });
}

/** Which of the 8 dates can be booked (booked, on leave, too late today are withheld), as the server says. */
export function useBookableDates() {
  const { userId, enabled } = useUser();
  const today = todayIST();
  return useQuery({
    queryKey: challengeKeys.bookableDates(userId, today),
    queryFn: ({ signal }) => getBookableDates(signal),
    enabled,
    staleTime: 10_000,
  });
}

/** COMPLETED and PROCESSED challenges, newest first, up to 50 (History; "View All"). */
export function useChallengeHistory() {
  const { userId, enabled } = useUser();
  return useQuery({
    queryKey: challengeHistoryKey(userId),
    queryFn: async ({ signal }) => {
      const [completed, processed] = await Promise.all([
        getChallengesByStatus('COMPLETED', HISTORY_ALL_LIMIT, signal),
        getChallengesByStatus('PROCESSED', HISTORY_ALL_LIMIT, signal),
      ]);
      return historyOf([...completed, ...processed], HISTORY_ALL_LIMIT);
    },
    enabled,
  });
}

/** The latest 100 challenges (not cancelled) for the month calendar. */
export function useCalendarChallenges(open: boolean) {
  const { userId, enabled } = useUser();
  return useQuery({
    queryKey: challengeKeys.page(userId, 0, 100),
    queryFn: ({ signal }) => getChallenges(0, 100, signal),
    enabled: enabled && open,
  });
}

/** GET /streaks/statistics and GET /wallet/earnings over one range (Analytics). */
export function useAnalytics(startDate: string, endDate: string, open: boolean) {
  const { userId, enabled } = useUser();
  const statistics = useQuery({
    queryKey: challengeKeys.statistics(userId, startDate, endDate),
    queryFn: ({ signal }) => getStreakStatistics(startDate, endDate, signal),
    enabled: enabled && open,
  });
  const earnings = useQuery({
    queryKey: challengeKeys.earnings(userId, startDate, endDate),
    queryFn: ({ signal }) => getEarnings(startDate, endDate, signal),
    enabled: enabled && open,
  });
  return { statistics, earnings };
}

/** GET /settlements/{date}: the receipt of a settled day. */
export function useSettlement(date: string | null) {
  const { userId, enabled } = useUser();
  return useQuery({
    queryKey: challengeKeys.settlement(userId, date ?? ''),
    queryFn: ({ signal }) => getSettlement(date as string, signal),
    enabled: enabled && !!date,
  });
}
