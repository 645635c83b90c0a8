// The entry is this small loader. The app's code (React, Chakra, the router) is requested only after the browser has
// painted index.html's static first screen (public/boot.js picks it), so a phone shows the page's heading without
// waiting for ~110 kB of JavaScript to download and a second of it to evaluate. A hidden tab paints no frames: the
// timeout starts the app then.
import { paths } from './config/paths';
import { buildUrl, getToken } from './lib/api-client';
import { requestEarly } from './lib/early-requests';
import { istDateString } from './lib/format';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 200);
  });
}

// A signed-in screen's data is requested now, while the app's code downloads, instead of after it has run
// (lib/early-requests.ts; the app takes these answers when it asks for the same URLs).
const token = getToken();
// Every screen: the server's switches (GET /config, public), which boot.tsx puts in the cache before the first render.
requestEarly([{ url: buildUrl('/config'), token: null }]);
if (token) {
  const today = istDateString();
  const signedIn = (path: string, query?: Record<string, string | number>) => ({ url: buildUrl(path, query), token });
  const firstData: Record<string, { url: string; token: string | null }[]> = {
    [paths.dashboard]: [
      signedIn('/wallet/balance'),
      signedIn(`/challenges/date/${today}`),
      signedIn('/challenges', { page: 0, size: 10 }),
      signedIn('/challenges/stats'),
      signedIn('/challenges/status/PENDING', { page: 0, size: 50 }),
      signedIn('/challenges/status/COMPLETED', { page: 0, size: 50 }),
      signedIn('/challenges/status/PROCESSED', { page: 0, size: 50 }),
      signedIn('/challenges/pool', { date: today }),
      signedIn('/challenge-plans'),
      signedIn('/shields'),
    ],
  };
  // Every signed-in screen: the session check (AuthProvider) and the navbar's notifications.
  const always = [signedIn('/auth/profile'), signedIn('/wallet/notifications', { page: 0, size: 10 })];
  requestEarly([...always, ...(firstData[location.pathname.replace(/\/+$/, '')] ?? [])]);
}

// The first screens' route chunks are fetched alongside the app's code rather than after it (the router imports the
// same modules, so nothing loads twice).
const firstScreens: Record<string, () => Promise<unknown>> = {
  '/': () => import('./app/routes/landing'),
  '/login': () => import('./app/routes/auth/login'),
  '/register': () => import('./app/routes/auth/register'),
  '/dashboard': () => import('./app/routes/dashboard'),
};

void afterFirstPaint().then(() => {
  void firstScreens[location.pathname.replace(/\/+$/, '') || '/']?.().catch(() => undefined);
  return import('./boot');
});

// Web Push reminders (public/sw.js, issue #22): registered after `load`, when the main thread is idle.
registerServiceWorkerWhenIdle();
