import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getToken } from './api-client';
import { getConnectivity, onReconnectTick, subscribeConnectivity } from './connectivity';
import { asOfLabel, isDashboardQuery, refetchRestored, restoreLastDashboard, savedAt, saveLastDashboard } from './last-dashboard';

/** A write at most once a second, when the page is idle: never in the way of the dashboard's first screen. */
const SAVE_DELAY_MS = 1000;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * For the dashboard (app/routes/dashboard.tsx): keeps what it shows of `userId` (lib/last-dashboard.ts) as answers
 * arrive; while the service cannot be reached (offline at start, or since), puts the kept copy where nothing fresher is
 * held, and asks for those again on lib/connectivity's backoff until the service answers. Each section says its figures
 * are not live with useSavedAsOf (below).
 */
export function useLastDashboard(userId: string | undefined): void {
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
}

/**
 * "as of 6:31 AM" while the data of `key` is not live (the copy kept on the phone, or anything held while the service
 * cannot be reached: lib/last-dashboard's savedAt), else undefined. Every money figure of the dashboard shown from such
 * data carries it. Follows the query itself (a refetch with the very same figures still ends it) and the connectivity.
 */
export function useSavedAsOf(key: QueryKey): string | undefined {
  const client = useQueryClient();
  const reachable = useSyncExternalStore(subscribeConnectivity, getConnectivity, () => 'online' as const) === 'online';
  const hash = hashKey(key);
  const subscribe = useCallback(
    (changed: () => void) => client.getQueryCache().subscribe((event) => (event.query.queryHash === hash ? changed() : undefined)),
    [client, hash],
  );
  const at = useSyncExternalStore(
    subscribe,
    () => savedAt(client.getQueryCache().get(hash), reachable),
    () => undefined,
  );
  return at === undefined ? undefined : asOfLabel(at);
}
