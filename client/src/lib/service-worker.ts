// The service worker (public/sw.js) shows Web Push reminders and keeps the app's shell for a reload
// without a network. It is registered after the page has loaded and the main thread is idle, so it never competes with
// the first paint or the app's start-up for the network or the CPU; then the page tells it which of the app's files
// it loaded (they come from the HTTP cache), so the very first visit is already enough to open offline.

export const SERVICE_WORKER_URL = '/sw.js';

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Registers (or finds) the worker and waits until it is active; the push settings call this before subscribing. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!serviceWorkerSupported()) throw new Error('This browser has no service workers');
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/**
 * What this page loaded from its own origin (the app's code, boot.js, the icons): the resource timings, and the scripts
 * and module preloads in the document (Vite adds one per chunk an import needs). public/sw.js keeps what it serves.
 */
export function loadedFiles(win: Window = window): string[] {
  const entries = typeof win.performance?.getEntriesByType === 'function' ? win.performance.getEntriesByType('resource').map((e) => e.name) : [];
  const tags = Array.from(
    win.document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"][href], link[rel="stylesheet"][href]'),
    (el) => ('src' in el && el.src ? el.src : (el as HTMLLinkElement).href),
  );
  const origin = win.location.origin;
  return [...new Set([...entries, ...tags])].filter((url) => url.startsWith(origin + '/') && !url.startsWith(origin + '/api/'));
}

/** Sends the worker the list above once it is active (it fetches what it lacks, then keeps it for a reload offline). */
export async function sendLoadedFiles(win: Window = window): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'keep-shell', urls: [win.location.origin + '/boot.js', ...loadedFiles(win)] });
}

/** main.tsx: once `load` has fired, at the next idle moment (5 s at most). Failures are ignored: push and the shell are optional. */
export function registerServiceWorkerWhenIdle(win: IdleWindow = window): void {
  if (!serviceWorkerSupported()) return;
  const register = () =>
    void navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then(() => sendLoadedFiles(win))
      .catch(() => undefined);
  const whenIdle = () => (win.requestIdleCallback ? win.requestIdleCallback(register, { timeout: 5000 }) : win.setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
