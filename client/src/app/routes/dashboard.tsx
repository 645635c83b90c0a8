import { ReviewInvite } from '@/features/proof';
import { Stack } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loadStateOf } from '@/components/ui/load-failed';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
// Imported from the modules, not the feature's barrel: the barrel also re-exports the create form and modal (Slider,
// Dialog), which are not on the dashboard's first screen and would otherwise be bundled into its chunk graph.
import { ChallengeHistory } from '@/features/challenges/components/challenge-history';
import { ChallengePledges } from '@/features/challenges/components/challenge-pledges';
import { ChallengeStatCards } from '@/features/challenges/components/challenge-stat-cards';
import { SettlementReceipts } from '@/features/challenges/components/settlement-receipts';
import type { ReceiptEntry } from '@/features/challenges/utils/receipts';
import type { AddFundsPrompt } from '@/features/challenges/components/create-challenge-modal';
import { TestModeBox } from '@/features/challenges/components/test-mode-box';
import { TodayChallengeCard } from '@/features/challenges/components/today-challenge-card';
import { AskReferee } from '@/features/groups/components/ask-referee';
import { UpcomingChallenges } from '@/features/challenges/components/upcoming-challenges';
import { CHALLENGES_PAGE_SIZE } from '@/features/challenges/api/challenges-api';
import { challengeKeys } from '@/features/challenges/api/query-keys';
import { challengeHistoryKey, pendingChallengesKey, useChallengeHistory, usePendingChallenges } from '@/features/challenges/hooks/use-challenge-queries';
import { useChallenges } from '@/features/challenges/hooks/use-challenges';
import { useWalletBalance } from '@/features/challenges/hooks/use-wallet-balance';
import { useAppConfig } from '@/lib/config';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { ErrorBanner } from '@/features/dashboard/components/error-banner';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { WalletBalanceCard } from '@/features/dashboard/components/wallet-balance-card';
import { ActivePlansCard } from '@/features/plans/components/active-plans-card';
import { ShieldsCard, StillAwakePrompt, UseShieldButton } from '@/features/wake';
import { todayIST } from '@/features/challenges/utils/dates';
import { queryKeys } from '@/lib/query-keys';
import { useLastDashboard, useSavedAsOf } from '@/lib/use-last-dashboard';
import { useNow, useNowAs } from '@/lib/use-now';
import { revealApp } from '../first-screen';
import { useReadyOrAfter } from '@/components/ui/stages';

// Overlays load when first opened.
const AddFundsModal = lazy(() => import('@/features/wallet/components/add-funds-modal').then((m) => ({ default: m.AddFundsModal })));
const CalendarModal = lazy(() => import('@/features/challenges/components/calendar-modal').then((m) => ({ default: m.CalendarModal })));
const AnalyticsModal = lazy(() => import('@/features/challenges/components/analytics-modal').then((m) => ({ default: m.AnalyticsModal })));
const ReceiptModal = lazy(() => import('@/features/challenges/components/receipt-modal').then((m) => ({ default: m.ReceiptModal })));

function isAddFundsPrompt(state: unknown): state is AddFundsPrompt {
  return !!state && typeof state === 'object' && (state as AddFundsPrompt).addFunds === true;
}

/**
 * The parts that show the time to the second (the header's clock, today's countdown) tick on their own: the rest of the
 * screen re-renders when its data changes or the IST day does, not every second (a phone spent ~100 ms a tick on it).
 */
function Ticking({ children }: { children: (now: Date) => ReactNode }) {
  return children(useNow(1000));
}

/** /dashboard: composed here from the dashboard, challenges and wallet features (features never import each other). */
export function Component() {
  useNowAs(todayIST); // re-render when the IST day changes: today's challenge is another one
  const { user } = useAuth();
  // Kept on the phone; put back (labelled "as of") only while the service cannot be reached. Before the reads below.
  useLastDashboard(user?.id);
  const navigate = useNavigate();
  const location = useLocation();
  const store = useChallenges();
  const wallet = useWalletBalance();
  const pending = usePendingChallenges();
  const history = useChallengeHistory();
  const config = useAppConfig();
  // Each section whose figures are not live (the kept copy, or held while offline) says "as of 6:31 AM".
  const userId = user?.id ?? 'anonymous';
  const asOf = {
    balance: useSavedAsOf(queryKeys.wallet.balance(user?.id)),
    today: useSavedAsOf(challengeKeys.byDate(userId, store.today)),
    stats: useSavedAsOf(challengeKeys.stats(userId)),
    pending: useSavedAsOf(pendingChallengesKey(userId)),
    // Upcoming and Pledges show the first page of challenges until the pending ones arrive
    list: useSavedAsOf(challengeKeys.page(userId, 0, CHALLENGES_PAGE_SIZE)),
    history: useSavedAsOf(challengeHistoryKey(userId)),
  };

  const shown = useReadyOrAfter(!store.isLoading && !wallet.isPending && !pending.isPending && !history.isPending, 1500);
  // The first screen is rendered: index.html's static copy of it, held over the app until now, goes (app/first-screen.ts).
  useLayoutEffect(() => {
    if (shown) revealApp();
  }, [shown]);

  const [addFundsOpen, setAddFundsOpen] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [analyticsOpen, setAnalyticsOpen] = useState(false);
  const [receiptDate, setReceiptDate] = useState<string | null>(null);
  const [receiptHint, setReceiptHint] = useState<ReceiptEntry | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // A create refused for balance (from the navbar's modal) lands here: prompt to add funds.
  useEffect(() => {
    if (isAddFundsPrompt(location.state)) {
      setNotice(location.state.notice);
      setAddFundsOpen(true);
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  // Until then the static first screen stands over this (or, without one, the guards' spinner stays).
  if (!shown) return <PageSpinner />;
  const pendingAsOf = pending.data === undefined ? asOf.list : asOf.pending;

  const error = store.error ?? notice;
  const dismiss = () => {
    store.clearError();
    setNotice(null);
  };

  return (
    <DashboardPage
      header={<Ticking>{(now) => <DashboardHeader fullName={user?.fullName} now={now} />}</Ticking>}
      errorBanner={<ErrorBanner message={error} onDismiss={dismiss} />}
      testMode={
        config.data?.testMode ? (
          <TestModeBox
            onCreated={async () => {
              await Promise.all([store.refresh(), wallet.refresh()]);
            }}
          />
        ) : null
      }
      wallet={
        <WalletBalanceCard
          balance={wallet.balance}
          asOf={asOf.balance}
          loading={wallet.isPending}
          failed={wallet.isError && wallet.balance === undefined}
          retrying={wallet.isFetching}
          onRetry={() => wallet.refetch()}
          onWithdraw={() => navigate(paths.withdraw)}
          onAddFunds={() => setAddFundsOpen(true)}
        />
      }
      today={
        <Stack gap={4}>
          {/* asked only after an on-time check-in */}
          <StillAwakePrompt challengeId={store.todayChallenge?.status === 'COMPLETED' && store.todayChallenge.isSuccessful ? store.todayChallenge.id : null} />
          <Ticking>
            {(now) => (
              <TodayChallengeCard
                challenge={store.todayChallenge}
                now={now}
                loading={store.isLoading}
                failed={store.todayLoad.failed}
                retrying={store.todayLoad.retrying}
                onRetry={store.todayLoad.retry}
                busy={store.busy}
                checkIn={store.checkIn}
                onCheckIn={(photo) => store.verifyChallenge({ verificationMethod: photo ? 'PHOTO' : 'MANUAL', photo })}
                onShowReceipt={setReceiptDate}
                asOf={asOf.today}
                referee={store.todayChallenge ? <AskReferee challenges={[store.todayChallenge]} /> : null}
              />
            )}
          </Ticking>
        </Stack>
      }
      stats={
        <Stack gap={4}>
          <ChallengeStatCards stats={store.stats} load={store.statsLoad} asOf={asOf.stats} />
          <ShieldsCard />
        </Stack>
      }
      upcoming={
        <UpcomingChallenges
          challenges={pending.data ?? store.challenges}
          today={store.today}
          loading={pending.isPending}
          load={loadStateOf(pending)}
          asOf={pendingAsOf}
          onCancel={async (challenge) => {
            await store.cancelChallenge(challenge);
            await wallet.refresh();
          }}
          actions={(c) => <UseShieldButton challengeId={c.id} windowOpensAt={c.gracePeriodStartTime} label={c.challengeDate} />}
        />
      }
      pledges={
        <Stack gap={6}>
          <ChallengePledges challenges={pending.data ?? store.challenges} today={store.today} load={loadStateOf(pending)} asOf={pendingAsOf} />
          <ActivePlansCard />
        </Stack>
      }
      quickActions={
        <Stack gap={4}>
          {/* peer review, offered only while a photo waits for this person */}
          <ReviewInvite />
          <QuickActions onCalendar={() => setCalendarOpen(true)} onAnalytics={() => setAnalyticsOpen(true)} />
        </Stack>
      }
      history={
        <Stack gap={6}>
          <ChallengeHistory history={history.data ?? []} loading={history.isPending} load={loadStateOf(history)} asOf={asOf.history} />
          <SettlementReceipts
            history={history.data ?? []}
            loading={history.isPending}
            load={loadStateOf(history)}
            asOf={asOf.history}
            onOpen={(entry) => {
              setReceiptHint(entry);
              setReceiptDate(entry.date);
            }}
          />
        </Stack>
      }
    >
      <Suspense fallback={null}>
        {addFundsOpen ? (
          <AddFundsModal
            open={addFundsOpen}
            onClose={() => setAddFundsOpen(false)}
            onSuccess={() => {
              setNotice(null);
              void wallet.refresh();
            }}
          />
        ) : null}
        {calendarOpen ? <CalendarModal open={calendarOpen} onClose={() => setCalendarOpen(false)} today={store.today} /> : null}
        {analyticsOpen ? <AnalyticsModal open={analyticsOpen} onClose={() => setAnalyticsOpen(false)} today={store.today} /> : null}
        {receiptDate ? (
          <ReceiptModal
            date={receiptDate}
            outcome={receiptHint?.date === receiptDate ? receiptHint.outcome : undefined}
            pledge={receiptHint?.date === receiptDate ? receiptHint.pledge : undefined}
            onClose={() => {
              setReceiptDate(null);
              setReceiptHint(null);
            }}
          />
        ) : null}
      </Suspense>
    </DashboardPage>
  );
}
