// The last dashboard kept on the phone (lib/last-dashboard.ts): one user's, shown only while the service
// cannot be reached, labelled with its fetch time in IST, and wiped with the session.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { UNAUTHORIZED_EVENT } from './api-client';
import { resetConnectivity } from './connectivity';
import {
  asOfLabel,
  forgetLastDashboard,
  isDashboardQuery,
  LAST_DASHBOARD_KEY,
  LAST_DASHBOARD_MAX_AGE_MS,
  readLastDashboard,
  resetRestored,
  restoredAtOf,
  restoreLastDashboard,
  saveLastDashboard,
} from './last-dashboard';
import { useLastDashboard, useSavedAsOf } from './use-last-dashboard';

// 6:31 AM IST on Tuesday 10 March 2026 is 01:01 UTC.
const AT = Date.parse('2026-03-10T01:01:00Z');
const balanceKey = (u: string) => ['wallet', u, 'balance'];
const todayKey = (u: string) => ['challenges', u, 'date', '2026-03-10'];

function clientWithData(userId: string, balance: number, at = AT): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(balanceKey(userId), balance, { updatedAt: at });
  client.setQueryData(todayKey(userId), [{ id: 'c1', status: 'PENDING' }], { updatedAt: at });
  client.setQueryData(['challenges', userId, 'stats'], { totalChallenges: 3 }, { updatedAt: at });
  // not the dashboard's: never kept
  client.setQueryData(['wallet', userId, 'transactions', {}], { items: [1, 2] }, { updatedAt: at });
  client.setQueryData(['support', userId, 'story'], 'x', { updatedAt: at });
  return client;
}

beforeEach(() => {
  localStorage.clear();
  resetRestored();
  resetConnectivity();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('what is kept (lib/last-dashboard.ts)', () => {
  it("keeps only the dashboard's reads, and only the signed-in user's", () => {
    expect(isDashboardQuery(['wallet', 'u1', 'balance'], 'u1')).toBe(true);
    expect(isDashboardQuery(['wallet', 'u2', 'balance'], 'u1')).toBe(false);
    expect(isDashboardQuery(['wallet', 'u1', 'transactions', {}], 'u1')).toBe(false);
    expect(isDashboardQuery(['challenges', 'u1', 'list', 0, 10], 'u1')).toBe(true);
    expect(isDashboardQuery(['challenges', 'u1', 'list', 0, 100], 'u1')).toBe(false);
    expect(isDashboardQuery(['challenges', 'u1', 'status', 'PENDING', 50], 'u1')).toBe(true);
    expect(isDashboardQuery(['challenges', 'u1', 'history', 50], 'u1')).toBe(true);
    expect(isDashboardQuery(['challenges', 'u1', 'can-create', '2026-03-10'], 'u1')).toBe(false);

    saveLastDashboard(clientWithData('u1', 420), 'u1');
    const kept = readLastDashboard();
    expect(kept?.userId).toBe('u1');
    expect(kept?.entries.map((e) => e.key[2]).sort()).toEqual(['balance', 'date', 'stats']);
    expect(kept?.entries.every((e) => e.at === AT)).toBe(true);
  });

  it('puts the copy back for the same user, with its fetch time, where the cache holds nothing; a fetch ends it', () => {
    saveLastDashboard(clientWithData('u1', 420), 'u1');
    const fresh = new QueryClient();
    fresh.setQueryData(['challenges', 'u1', 'stats'], { totalChallenges: 4 }); // already fetched: not overwritten
    expect(restoreLastDashboard(fresh, 'u1', AT + 60_000)).toBe(2);
    expect(fresh.getQueryData(balanceKey('u1'))).toBe(420);
    expect(fresh.getQueryState(balanceKey('u1'))?.dataUpdatedAt).toBe(AT);
    expect(fresh.getQueryData(['challenges', 'u1', 'stats'])).toEqual({ totalChallenges: 4 });
    expect(restoredAtOf(fresh, balanceKey('u1'))).toBe(AT);
    expect(restoredAtOf(fresh, ['challenges', 'u1', 'stats'])).toBeUndefined();
    // The service answered (even at the very same instant, as under a test's standing clock): not the copy any more.
    fresh.setQueryData(balanceKey('u1'), 500, { updatedAt: AT });
    expect(restoredAtOf(fresh, balanceKey('u1'))).toBeUndefined();
  });

  it("never shows another user's copy: it is wiped instead", () => {
    saveLastDashboard(clientWithData('u1', 420), 'u1');
    const other = new QueryClient();
    expect(restoreLastDashboard(other, 'u2', AT)).toBe(0);
    expect(other.getQueryData(balanceKey('u1'))).toBeUndefined();
    expect(other.getQueryData(balanceKey('u2'))).toBeUndefined();
    expect(localStorage.getItem(LAST_DASHBOARD_KEY)).toBeNull();
  });

  it('a copy older than a week is not shown', () => {
    saveLastDashboard(clientWithData('u1', 420), 'u1');
    const fresh = new QueryClient();
    expect(restoreLastDashboard(fresh, 'u1', AT + LAST_DASHBOARD_MAX_AGE_MS + 1)).toBe(0);
    expect(fresh.getQueryData(balanceKey('u1'))).toBeUndefined();
  });

  it('signing out wipes it, and so does a 401 for the session', async () => {
    saveLastDashboard(clientWithData('u1', 420), 'u1');
    forgetLastDashboard();
    expect(readLastDashboard()).toBeNull();

    saveLastDashboard(clientWithData('u1', 420), 'u1');
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('user', JSON.stringify({ id: 'u1', email: 'a@example.com' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, data: { id: 'u1', email: 'a@example.com' } }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <p>app</p>
        </AuthProvider>
      </QueryClientProvider>,
    );
    await act(async () => undefined);
    expect(readLastDashboard()?.userId).toBe('u1');
    act(() => {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(readLastDashboard()).toBeNull();
  });
});

describe('the "as of" words', () => {
  it('today in India: the time alone, in the house clock format; another day: the date too', () => {
    expect(asOfLabel(AT, AT + 3 * 60 * 60_000)).toBe('as of 6:31 AM');
    expect(asOfLabel(Date.parse('2026-03-10T09:45:00Z'), AT + 10 * 60 * 60_000)).toBe('as of 3:15 PM');
    // 11:50 PM IST on the 9th, read at 6:31 AM on the 10th
    expect(asOfLabel(Date.parse('2026-03-09T18:20:00Z'), AT)).toBe('as of 9 Mar 2026, 11:50 PM');
  });
});

describe('useLastDashboard (the dashboard route)', () => {
  function Balance({ userId }: { userId: string }) {
    useLastDashboard(userId);
    const balanceAsOf = useSavedAsOf(balanceKey(userId));
    const q = useQuery({ queryKey: balanceKey(userId), queryFn: () => fetch('/api/v1/wallet/balance').then((r) => r.json() as Promise<number>) });
    return (
      <p>
        <span data-testid="balance">{q.data ?? 'none'}</span> <span data-testid="as-of">{balanceAsOf ?? 'live'}</span>
      </p>
    );
  }

  it('offline at start: the kept balance at once, labelled; the network back: the fresh one, unlabelled', async () => {
    saveLastDashboard(clientWithData('u1', 420), 'u1');
    vi.spyOn(Date, 'now').mockReturnValue(AT + 60 * 60_000);
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (online ? new Response('600', { status: 200 }) : Promise.reject(new TypeError('Failed to fetch')))),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Balance userId="u1" />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('balance')).toHaveTextContent('420');
    expect(screen.getByTestId('as-of')).toHaveTextContent('as of 6:31 AM');

    online = true;
    await act(async () => {
      await client.refetchQueries();
    });
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('600'));
    expect(screen.getByTestId('as-of')).toHaveTextContent('live');
  });

  it('the kept copy answered again with the very same figure: the "as of" goes all the same', async () => {
    saveLastDashboard(clientWithData('u1', 420), 'u1');
    vi.spyOn(Date, 'now').mockReturnValue(AT + 60 * 60_000);
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (online ? new Response('420', { status: 200 }) : Promise.reject(new TypeError('Failed to fetch')))),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Balance userId="u1" />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('as-of')).toHaveTextContent('as of 6:31 AM');
    online = true;
    await act(async () => {
      await client.refetchQueries();
    });
    await waitFor(() => expect(screen.getByTestId('as-of')).toHaveTextContent('live'));
    expect(screen.getByTestId('balance')).toHaveTextContent('420');
  });

  it('online: never shows the kept copy, and keeps what arrives (after a quiet second)', async () => {
    saveLastDashboard(clientWithData('u1', 420), 'u1');
    localStorage.setItem('token', 'tok-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('777', { status: 200 })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Balance userId="u1" />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('balance')).toHaveTextContent('none');
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('777'));
    expect(screen.getByTestId('as-of')).toHaveTextContent('live');
    await waitFor(() => expect(readLastDashboard()?.entries.find((e) => e.key[0] === 'wallet')?.data).toBe(777), { timeout: 4000 });
  });
});
