// The dashboard's static first screen (index.html's `.ws-dash`; public/boot.js picks it on "/dashboard" with a session).
// On a phone the dashboard's largest text (the email banner, the greeting) used to paint only after all of the app's
// JavaScript had run, seconds after the navbar. The entry script (main.tsx) now writes the user's greeting, clock and
// banner into the static copy as soon as it knows the user (the stored one, else the profile answer it asked for early),
// and boot.tsx keeps that copy over the app until the dashboard itself has rendered (React's first render shows the
// route guard's spinner while the session is checked). No money: the balance and today's challenge stay placeholders.
import { storageKeys } from '@/config/storage-keys';
import { clockLine, greetingLine } from '@/features/dashboard/greeting';

interface FirstScreenUser {
  fullName?: string | null;
  email?: string | null;
  isEmailVerified?: boolean | null;
}

/** Never longer than this over the app, whatever happens to the dashboard's render. */
const HOLD_MAX_MS = 10_000;

let held: HTMLElement | null = null;
let revealed = false;
let clock: ReturnType<typeof setInterval> | undefined;

const dashboardCopy = () => (document.documentElement.dataset.staticPage === 'dashboard' ? document.querySelector<HTMLElement>('.ws-dash') : null);

/** A profile answer (`{ success, data }` or bare) or the stored user, when it looks like one. */
function userOf(body: unknown): FirstScreenUser | null {
  const raw = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  if (!raw || typeof raw !== 'object') return null;
  const user = raw as FirstScreenUser;
  return typeof user.email === 'string' || typeof user.fullName === 'string' ? user : null;
}

function storedUser(): FirstScreenUser | null {
  try {
    return userOf(JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null'));
  } catch {
    return null;
  }
}

/** Writes the user's words into the static dashboard and shows it (the same words and geometry as the React screen). */
export function fillDashboardCopy(user: FirstScreenUser, now = new Date()): void {
  const copy = dashboardCopy();
  if (!copy || revealed) return;
  const set = (name: string, text: string) => {
    const el = copy.querySelector(`[data-ws="${name}"]`);
    if (el) el.textContent = text;
  };
  set('greeting', greetingLine(now, user.fullName));
  set('clock', clockLine(now));
  set('email', user.email ?? '');
  // As VerifyEmailBanner: shown until the email is verified.
  copy.querySelector('[data-ws="verify"]')?.toggleAttribute('hidden', !!user.isEmailVerified);
  copy.classList.add('ws-ready');
  clock ??= setInterval(() => {
    if (copy.isConnected && !revealed) set('clock', clockLine(new Date()));
    else clearInterval(clock);
  }, 1000);
}

/**
 * main.tsx, on "/dashboard" with a session: fills the static dashboard from the stored user at once, and from the early
 * profile answer when it comes (fresher). Resolves once it is filled, or after `waitMs` without a stored user, so the
 * app's code is requested after the first screen has painted, not in competition with it.
 */
export function showDashboardCopy(profile: Promise<unknown> | undefined, waitMs: number): Promise<void> {
  if (!dashboardCopy()) return Promise.resolve();
  const stored = storedUser();
  if (stored) fillDashboardCopy(stored);
  const fresh = (profile ?? Promise.resolve(undefined)).then((body) => {
    const user = userOf(body);
    if (user) fillDashboardCopy({ ...stored, ...user });
  });
  if (stored) return Promise.resolve();
  return Promise.race([fresh, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}

/**
 * boot.tsx, right before React's first render (which empties #root): the static dashboard moves out of #root and stays
 * over the app, inert, until revealApp(). Nothing to do on any other screen.
 */
export function holdFirstScreen(maxMs = HOLD_MAX_MS): void {
  const root = document.getElementById('root');
  const copy = dashboardCopy()?.closest<HTMLElement>('.ws-static');
  if (!root || !copy || held || revealed) return;
  copy.classList.add('ws-over');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  root.before(copy);
  held = copy;
  setTimeout(revealApp, maxMs);
}

/** The app's screen is rendered (the dashboard, or any other screen the app went to instead): the static copy goes. */
export function revealApp(): void {
  revealed = true;
  clearInterval(clock);
  held?.remove();
  held = null;
}
