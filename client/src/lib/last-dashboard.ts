// The last dashboard, kept on the phone for a morning without a network (or with the service down). The
// service worker (public/sw.js) keeps only the app's shell and never an API answer; the dashboard's own data (the
// balance, today's challenge, the lists and stats it shows) is kept here, in localStorage, with the time each piece was
// fetched and the id of the user it belongs to. It is read back only when the service cannot be reached (never on a
// normal load: no stale money when the network works), shown labelled "as of 6:31 AM", and asked for again as the
// service answers. Signing out (or a 401 for the session) wipes it; a snapshot of another user is never shown.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { formatISTDateTime, formatISTTime, istDateString } from './format';

export const LAST_DASHBOARD_KEY = 'wakestake:last-dashboard';
const VERSION = 1;
/** Older than this, a snapshot says too little about today to be worth showing. */
export const LAST_DASHBOARD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface Entry {
  key: QueryKey;
  data: unknown;
  /** When this piece was fetched (ms since the epoch). */
  at: number;
}

export interface LastDashboard {
  v: typeof VERSION;
  userId: string;
  entries: Entry[];
}

/** The dashboard's own reads of this user: the balance, and the challenge list, today's, stats, status lists and history. */
export function isDashboardQuery(key: QueryKey, userId: string): boolean {
  if (key[1] !== userId) return false;
  if (key[0] === 'wallet') return key[2] === 'balance' && key.length === 3;
  if (key[0] !== 'challenges') return false;
  if (key[2] === 'list') return key[3] === 0 && typeof key[4] === 'number' && key[4] <= 10;
  return key[2] === 'date' || key[2] === 'stats' || key[2] === 'status' || key[2] === 'history';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readLastDashboard(): LastDashboard | null {
  try {
    const raw = storage()?.getItem(LAST_DASHBOARD_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LastDashboard;
    return parsed && parsed.v === VERSION && typeof parsed.userId === 'string' && Array.isArray(parsed.entries) ? parsed : null;
  } catch {
    return null;
  }
}

/** Sign-out, a refused session, another user: the kept dashboard goes. */
export function forgetLastDashboard(): void {
  try {
    storage()?.removeItem(LAST_DASHBOARD_KEY);
  } catch {
    // storage blocked: nothing was kept either
  }
}

/** Writes what the cache holds of `userId`'s dashboard (each piece with its fetch time); another user's snapshot is replaced. */
export function saveLastDashboard(client: QueryClient, userId: string): void {
  const entries: Entry[] = client
    .getQueryCache()
    .findAll({ predicate: (q) => q.state.data !== undefined && isDashboardQuery(q.queryKey, userId) })
    .map((q) => ({ key: q.queryKey, data: q.state.data, at: q.state.dataUpdatedAt }));
  if (!entries.length) return;
  const snapshot: LastDashboard = { v: VERSION, userId, entries };
  try {
    storage()?.setItem(LAST_DASHBOARD_KEY, JSON.stringify(snapshot));
  } catch {
    // full or blocked: the next save tries again
  }
}

// Which queries hold restored data: the query's hash and its update count right after the restore (a fetch since then
// counts another update, so the data is the service's own again; times alone cannot tell, a test's clock may stand still).
const restored = new Map<string, { count: number; at: number }>();

/**
 * Puts the kept dashboard of `userId` into the cache wherever the cache holds nothing yet (fresh answers always win).
 * Returns how many pieces went in. A snapshot of another user, or too old, is wiped instead.
 */
export function restoreLastDashboard(client: QueryClient, userId: string, now: number = Date.now()): number {
  const snapshot = readLastDashboard();
  if (!snapshot) return 0;
  if (snapshot.userId !== userId) {
    forgetLastDashboard();
    return 0;
  }
  let count = 0;
  for (const entry of snapshot.entries) {
    if (!Array.isArray(entry.key) || !isDashboardQuery(entry.key, userId) || now - entry.at > LAST_DASHBOARD_MAX_AGE_MS) continue;
    if (client.getQueryData(entry.key) !== undefined) continue;
    client.setQueryData(entry.key, entry.data, { updatedAt: entry.at });
    const query = client.getQueryCache().find({ queryKey: entry.key, exact: true });
    if (query) restored.set(query.queryHash, { count: query.state.dataUpdateCount, at: entry.at });
    count += 1;
  }
  return count;
}

/** The fetch time of the data a query holds when it is the kept copy (not yet fetched again), else undefined. */
export function restoredAt(query: Query | undefined): number | undefined {
  if (!query) return undefined;
  const mark = restored.get(query.queryHash);
  if (!mark) return undefined;
  if (mark.count !== query.state.dataUpdateCount) {
    restored.delete(query.queryHash);
    return undefined;
  }
  return mark.at;
}

/**
 * When the figures a query holds were fetched, if they are not live: the kept copy (restoredAt), or, while the service
 * cannot be reached, whatever the page still holds from before. Undefined for live data (or no data).
 */
export function savedAt(query: Query | undefined, reachable: boolean): number | undefined {
  if (!query || query.state.data === undefined) return undefined;
  return restoredAt(query) ?? (reachable ? undefined : query.state.dataUpdatedAt);
}

/** As restoredAt, by key. */
export function restoredAtOf(client: QueryClient, key: QueryKey): number | undefined {
  return restoredAt(client.getQueryCache().find({ queryKey: key, exact: true }));
}

/** Asks again for every query that still holds the kept copy (the service answers again). */
export function refetchRestored(client: QueryClient): Promise<void> {
  return client.refetchQueries({ predicate: (q) => restoredAt(q) !== undefined });
}

/** "as of 6:31 AM" (IST) for a time today in India, "as of 9 Mar 2026, 6:31 AM" for another day. */
export function asOfLabel(at: number, now: number = Date.now()): string {
  return istDateString(at) === istDateString(now) ? `as of ${formatISTTime(at)}` : `as of ${formatISTDateTime(at)}`;
}

/** Tests only. */
export function resetRestored(): void {
  restored.clear();
}
