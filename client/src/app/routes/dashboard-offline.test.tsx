// "Never lose the morning": the dashboard opened with no network shows the copy kept on the phone, and every
// money figure on it says it is not live ("as of 6:31 AM"): the balance and the stat under their figure, each list
// section in one line at its top. With the service answering, the same figures carry no such words; and when the
// service stops answering while the page holds them, they say "as of" their fetch time until it answers again.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Challenge } from '@/features/challenges/api/types';
import { reportAnswered, reportUnreachable, resetConnectivity } from '@/lib/connectivity';
import { istDateString } from '@/lib/format';
import { asOfLabel, LAST_DASHBOARD_KEY, resetRestored } from '@/lib/last-dashboard';
import { makeChallenge, makeUser, stubFetch } from '@/testing/test-utils';
import { AppProvider } from '../provider';
import { createTestRouter } from '../router';

vi.setConfig({ testTimeout: 30_000 });

const DAY = 24 * 60 * 60 * 1000;
const USER = makeUser();
/** A ₹ figure ("₹420", "−₹4.50", "₹1,200"), not the footer's "(₹)". */
const FIGURE = /₹\s?\d/;

function data(now: number) {
  const today = istDateString(now);
  const tomorrow = istDateString(now + DAY);
  const yesterday = istDateString(now - DAY);
  const todays: Challenge[] = [
    makeChallenge({
      id: 't1',
      challengeDate: today,
      status: 'COMPLETED',
      isCompleted: true,
      isSuccessful: true,
      forfeitAmount: 50,
      checkInTime: new Date(now - 60_000).toISOString(),
    }),
  ];
  const pending: Challenge[] = [makeChallenge({ id: 'p1', challengeDate: tomorrow, forfeitAmount: 75 })];
  const history: Challenge[] = [
    makeChallenge({
      id: 'h1',
      challengeDate: yesterday,
      status: 'PROCESSED',
      isCompleted: true,
      isSuccessful: true,
      forfeitAmount: 30,
      refundedAmount: 30,
      winningsAmount: 6,
      netResult: 6,
      processedAt: new Date(now - DAY / 2).toISOString(),
    }),
  ];
  const stats = {
    totalChallenges: 3,
    successfulChallenges: 2,
    failedChallenges: 1,
    currentStreak: 2,
    longestStreak: 2,
    successRate: 66.7,
    totalEarnings: 120,
    totalLosses: 15,
  };
  const list = { challenges: [...todays, ...pending], page: 0, size: 10, total: 2 };
  return { today, todays, pending, history, stats, list };
}

function renderDashboard() {
  const router = createTestRouter(['/dashboard']);
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

/** Every element whose own text shows a ₹ figure. */
function moneyElements(): HTMLElement[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = new Set<HTMLElement>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (FIGURE.test(node.textContent ?? '') && node.parentElement) found.add(node.parentElement);
  }
  return [...found];
}

const cardOf = (el: HTMLElement) => el.closest<HTMLElement>('.chakra-card__root');
const section = (name: string) => cardOf(screen.getByRole('heading', { level: 2, name })) as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  resetRestored();
  resetConnectivity();
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('user', JSON.stringify(USER));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetConnectivity();
});

describe('the dashboard offline: every money figure says "as of"', () => {
  it('opened with no network: the kept copy, each money section labelled with its fetch time, no live-looking figure', async () => {
    const now = Date.now();
    const at = now - 45 * 60_000;
    const d = data(now);
    const entries = [
      { key: ['wallet', USER.id, 'balance'], data: 420 },
      { key: ['challenges', USER.id, 'date', d.today], data: d.todays },
      { key: ['challenges', USER.id, 'stats'], data: d.stats },
      { key: ['challenges', USER.id, 'status', 'PENDING', 50], data: d.pending },
      { key: ['challenges', USER.id, 'history', 50], data: d.history },
      { key: ['challenges', USER.id, 'list', 0, 10], data: d.list },
    ].map((e) => ({ ...e, at }));
    localStorage.setItem(LAST_DASHBOARD_KEY, JSON.stringify({ v: 1, userId: USER.id, entries }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const label = asOfLabel(at, now);

    renderDashboard();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹420');
    expect(screen.getByTestId('wallet-balance-as-of')).toHaveTextContent(label);
    // the last sections come in later commits
    await screen.findByTestId('settlement-receipts');
    await screen.findByTestId('stat-cards');

    const today = screen.getByTestId('today-card');
    expect(within(today).getByTestId('as-of-note')).toHaveTextContent(`Saved copy: amounts ${label}`);
    expect(within(today).getByText(/₹50/, { selector: 'strong' })).toBeInTheDocument(); // the forfeit
    expect(within(today).getByTestId('winnings-message')).toHaveTextContent('₹50');
    const earnings = cardOf(within(screen.getByTestId('stat-cards')).getByText('Total Earnings')) as HTMLElement;
    expect(earnings).toHaveTextContent('₹120');
    expect(within(earnings).getByTestId('as-of-note')).toHaveTextContent(new RegExp(`^${label}$`));
    for (const name of ['Upcoming Challenges', 'Challenge Pledges', 'Challenge History', 'Settlement receipts']) {
      expect(within(section(name)).getByTestId('as-of-note')).toHaveTextContent(`Saved copy: amounts ${label}`);
    }
    expect(within(section('Challenge Pledges')).getByTestId('total-pledged')).toHaveTextContent('₹75');
    expect(within(section('Upcoming Challenges')).getByText(/₹75 staked/)).toBeInTheDocument();
    expect(within(section('Challenge History')).getByText(/₹30 staked/)).toBeInTheDocument();

    // Nothing on the page shows a ₹ figure outside a card that says "as of" its time.
    const figures = moneyElements();
    expect(figures.length).toBeGreaterThanOrEqual(9);
    for (const el of figures) {
      const card = cardOf(el);
      expect({ figure: el.textContent, labelled: card?.textContent?.includes(label) ?? false }).toEqual({ figure: el.textContent, labelled: true });
    }
    // the kept sections show their figures, not an error; no page-wide banner
    for (const name of ['Upcoming Challenges', 'Challenge Pledges', 'Challenge History']) expect(within(section(name)).queryByTestId('load-failed')).toBeNull();
    expect(screen.queryByTestId('error-banner')).toBeNull();
  });

  it('live figures carry no "as of"; the service stops answering: they say "as of" their fetch time; it answers: gone', async () => {
    const now = Date.now();
    const d = data(now);
    const live = stubFetch({
      'GET /auth/profile': { body: { success: true, data: USER } },
      'GET /wallet/balance': { body: { success: true, data: { balance: 420 } } },
      [`GET /challenges/date/${d.today}`]: { body: { challenges: d.todays } },
      'GET /challenges/stats': { body: { success: true, data: d.stats } },
      'GET /challenges/status/PENDING': { body: { challenges: d.pending } },
      'GET /challenges/status/COMPLETED': { body: { challenges: [] } },
      'GET /challenges/status/PROCESSED': { body: { challenges: d.history } },
      'GET /challenges': { body: d.list },
      'GET /challenge-plans': { body: { success: true, data: { plans: [] } } },
    });
    let down = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => (down ? Promise.reject(new TypeError('Failed to fetch')) : live(input, init))),
    );
    renderDashboard();
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₹420');
    await screen.findByTestId('settlement-receipts');
    await waitFor(() => expect(within(section('Challenge History')).getByText(/₹30 staked/)).toBeInTheDocument());
    expect(within(section('Challenge Pledges')).getByTestId('total-pledged')).toHaveTextContent('₹75');
    expect(moneyElements().length).toBeGreaterThanOrEqual(9);
    expect(screen.queryByTestId('as-of-note')).toBeNull();
    expect(screen.queryByTestId('wallet-balance-as-of')).toBeNull();
    expect(document.body.textContent).not.toMatch(/as of \d/);

    // The service stops answering: what the page holds is no longer live.
    down = true;
    act(() => reportUnreachable(false));
    await waitFor(() => expect(screen.getByTestId('wallet-balance-as-of')).toHaveTextContent(/^as of \d{1,2}:\d{2} (AM|PM)$/));
    for (const name of ['Upcoming Challenges', 'Challenge Pledges', 'Challenge History', 'Settlement receipts']) {
      expect(within(section(name)).getByTestId('as-of-note')).toHaveTextContent(/^Saved copy: amounts as of \d{1,2}:\d{2} (AM|PM)$/);
    }
    expect(within(screen.getByTestId('today-card')).getByTestId('as-of-note')).toBeInTheDocument();
    for (const el of moneyElements()) expect(cardOf(el)?.textContent ?? '').toMatch(/as of \d/);

    down = false;
    act(() => reportAnswered());
    await waitFor(() => expect(screen.queryByTestId('as-of-note')).toBeNull());
    expect(screen.queryByTestId('wallet-balance-as-of')).toBeNull();
  });
});
