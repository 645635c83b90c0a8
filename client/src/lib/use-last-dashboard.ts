import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getToken } from './api-client';
import { getConnectivity, onReconnectTick, subscribeConnectivity } from './connectivity';
import { asOfLabel, isDashboardQuery, refetchRestored, restoredAtOf, restoreLastDashboard, saveLastDashboard } from './last-dashboard';
import { queryKeys } from './query-keys';

/** A write at most once a second, when the page is idle: never in the way of the dashboard's first screen. */
const SAVE_DELAY_MS = 1000;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Issue 30, the dashboard (app/routes/dashboard.tsx): keeps what it shows of `userId` (lib/last-dashboard.ts) as answers
 * arrive; while the service cannot be reached (offline at start, or since), puts the kept copy where nothing fresher is
 * held, and asks for those again on lib/connectivity's backoff until the service answers. Returns the words for the
 * balance while it is the kept copy ("as of 6:31 AM"), else none.
 */
export function useLastDashboard(userId: string | undefined): { balanceAsOf?: string } {
  const client = useQueryClient();
  const connectivity = useSyncExternalStore(subscribeConnectivity, getConnectivity, () => 'online' as const);
  // Offline at start: the kept copy goes in before the dashboard's queries first render (no spinner, no skeletons).
  useState(() => (userId && (browserOffline() || getConnectivity() !== 'online') ? restoreLastDashboard(client, userId) : 0));

  useEffect(() => {
    if (userId && connectivity !== 'online') restoreLastDashboard(client, userId);
  }, [client, userId, connectivity]);

  useEffect(() => onReconnectTick(() => void refetchRestored(client)), [client]);

  useEffect(() => {
    if (!userId) return undefined;
    const win = window as IdleWindow;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Only while signed in: a sign-out (or a 401) wiped the copy before this screen went, and it stays wiped.
    const write = () => {
      if (getToken()) saveLastDashboard(client, userId);
    };
    const save = () => {
      timer = undefined;
      if (win.requestIdleCallback) win.requestIdleCallback(write, { timeout: 2000 });
      else write();
    };
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || timer !== undefined) return;
      if (isDashboardQuery(event.query.queryKey, userId)) timer = setTimeout(save, SAVE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== undefined) {
        clearTimeout(timer);
        write();
      }
    };
  }, [client, userId]);

  const at = userId ? restoredAtOf(client, queryKeys.wallet.balance(userId)) : undefined;
  return { balanceAsOf: at === undefined ? undefined : asOfLabel(at) };
}
