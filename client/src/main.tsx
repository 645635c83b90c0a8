// The entry is this small loader. The app's code (React, Chakra, the router) is requested only after the browser has
// painted index.html's static first screen (public/boot.js picks it), so a phone shows the page's heading without
// waiting for ~110 kB of JavaScript to download and a second of it to evaluate. A hidden tab paints no frames: the
// timeout starts the app then.
import { showDashboardCopy } from './app/first-screen';
import { paths } from './config/paths';
import { buildUrl, getToken } from './lib/api-client';
import { peekEarly, requestEarly } from './lib/early-requests';
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
  const signedIn = (path: string, query?: Record<string, string | number>) => ({ url: buildUrl(path, query), token });
  // Every signed-in screen: the session check (AuthProvider, and the dashboard's static first screen) at once.
  requestEarly([signedIn('/auth/profile')]);
  // Then, in later tasks (on a phone each fetch() costs ~8 ms of main thread),
  // the navbar's notifications and the screen's own data, a few per task.
  setTimeout(() => {
    const today = istDateString();
    // the balance and the challenge store's reads: the dashboard's and /challenge's first screens both need them
    const challengeReads = [
      signedIn('/wallet/balance'),
      signedIn(`/challenges/date/${today}`),
      signedIn('/challenges', { page: 0, size: 10 }),
      signedIn('/challenges/stats'),
      signedIn('/challenges/status/PENDING', { page: 0, size: 50 }),
      signedIn('/challenges/status/COMPLETED', { page: 0, size: 50 }),
      signedIn('/challenges/status/PROCESSED', { page: 0, size: 50 }),
    ];
    const firstData: Record<string, { url: string; token: string | null }[]> = {
      [paths.dashboard]: [...challengeReads, signedIn('/challenges/pool', { date: today }), signedIn('/challenge-plans'), signedIn('/shields')],
      [paths.progress]: [signedIn('/me/progress', { year: today.slice(0, 4) })],
      // the form's free dates, then what the dashboard reads too (the form's balance and bookings, the history below it)
      [paths.challenge]: [signedIn('/challenges/bookable-dates'), ...challengeReads],
    };
    const rest = [signedIn('/wallet/notifications', { page: 0, size: 10 }), ...(firstData[location.pathname.replace(/\/+$/, '')] ?? [])];
    for (let i = 0; i < rest.length; i += 3) setTimeout(() => requestEarly(rest.slice(i, i + 3)), 0);
  }, 0);
}

// The first screens' route chunks are fetched alongside the app's code rather than after it (the router imports the
// same modules, so nothing loads twice).
const firstScreens: Record<string, () => Promise<unknown>> = {
  '/': () => import('./app/routes/landing'),
  '/login': () => import('./app/routes/auth/login'),
  '/register': () => import('./app/routes/auth/register'),
  '/dashboard': () => import('./app/routes/dashboard'),
};

// "/dashboard" with a session: its static first screen shows the user's greeting (and the email banner) first, from the
// stored user or the early profile answer, waited for at most 800 ms (app/first-screen.ts).
const firstScreenReady = token ? showDashboardCopy(peekEarly(buildUrl('/auth/profile')), 800) : Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Each import below also adds a <link rel="modulepreload"> per chunk it needs (~1 ms of a phone's main thread each, ~45
// in all on the dashboard): one task per import, not one for all. React DOM is requested on its own so that it is
// evaluated in a task of its own when it arrives, not inside the app's (that one task used to hold all of React DOM,
// Chakra, the router and the app: ~0.3 s on a phone).
void firstScreenReady.then(afterFirstPaint).then(async () => {
  void import('react-dom/client');
  await nextTask();
  void firstScreens[location.pathname.replace(/\/+$/, '') || '/']?.().catch(() => undefined);
  await nextTask();
  return import('./boot');
});

// Web Push reminders (public/sw.js): registered after `load`, when the main thread is idle.
registerServiceWorkerWhenIdle();
