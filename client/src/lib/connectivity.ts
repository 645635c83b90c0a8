// Whether the service answers. api-client reports every answer here; a 5xx, a timeout or no network at all
// makes the app "reconnecting" (a banner says so, nobody is signed out), and the next real answer ends it. While it
// lasts, `onReconnectTick` listeners are called on a backoff (2 s, 4 s, 8 s … 10 s) so failed reads are asked again
// without a reload.

export type Connectivity = 'online' | 'offline' | 'unreachable';

type Listener = () => void;

const BASE_MS = 2_000;
const CAP_MS = 10_000;

let state: Connectivity = 'online';
let attempts = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
const tickListeners = new Set<Listener>();

function set(next: Connectivity): void {
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}

function schedule(): void {
  if (timer !== undefined || state === 'online') return;
  const delay = Math.min(BASE_MS * 2 ** attempts, CAP_MS);
  attempts += 1;
  timer = setTimeout(() => {
    timer = undefined;
    if (state === 'online') return;
    for (const l of tickListeners) l();
    schedule();
  }, delay);
}

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * An HTTP answer arrived that says the service works (any status below 500). While the browser says it is offline the
 * answer is one that was already on its way (or the offline shell's copy): the state stays "offline" until the
 * browser's `online` event, else a late answer would hide the bar for the rest of the outage.
 */
export function reportAnswered(): void {
  if (state === 'offline' && browserOffline()) return;
  attempts = 0;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const was = state;
  set('online');
  if (was !== 'online') for (const l of tickListeners) l();
}

/** A request got a 5xx, timed out, or never reached the service. */
export function reportUnreachable(networkFailure: boolean): void {
  set(networkFailure && browserOffline() ? 'offline' : 'unreachable');
  schedule();
}

export function getConnectivity(): Connectivity {
  return state;
}

export function subscribeConnectivity(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called on each backoff tick while the service is unreachable, and once when it answers again. */
export function onReconnectTick(listener: Listener): () => void {
  tickListeners.add(listener);
  return () => tickListeners.delete(listener);
}

/** The browser's own online/offline events (context.setOffline, a phone losing its network). */
export function watchBrowserNetwork(win: Window = window): () => void {
  const offline = () => reportUnreachable(true);
  const online = () => {
    // Back on the network: ask at once (the tick listeners refetch); the answer decides the state.
    if (state === 'offline') set('unreachable');
    attempts = 0;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    for (const l of tickListeners) l();
    schedule();
  };
  win.addEventListener('offline', offline);
  win.addEventListener('online', online);
  if (browserOffline()) offline();
  return () => {
    win.removeEventListener('offline', offline);
    win.removeEventListener('online', online);
  };
}

/** Tests only. */
export function resetConnectivity(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  attempts = 0;
  state = 'online';
}
