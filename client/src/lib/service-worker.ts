// The service worker (public/sw.js) shows Web Push reminders. It is registered after the page has loaded and the main
// thread is idle, so it never competes with the first paint or the app's start-up for the network or the CPU.

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

/** main.tsx: once `load` has fired, at the next idle moment (5 s at most). Failures are ignored: push is optional. */
export function registerServiceWorkerWhenIdle(win: IdleWindow = window): void {
  if (!serviceWorkerSupported()) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  const whenIdle = () => (win.requestIdleCallback ? win.requestIdleCallback(register, { timeout: 5000 }) : win.setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
