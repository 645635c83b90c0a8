import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { bannerMessages } from '@/features/auth/components/verify-email-banner';
import { clockLine, greetingLine } from '@/features/dashboard/greeting';

// index.html's #root (the static first screens), as the browser has it before the app runs.
const staticRoot = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root')!.outerHTML;

async function freshModule() {
  vi.resetModules();
  return import('./first-screen');
}

const copy = () => document.querySelector<HTMLElement>('.ws-dash')!;
const text = (name: string) => copy().querySelector(`[data-ws="${name}"]`)!.textContent;
const bannerShown = () => !copy().querySelector('[data-ws="verify"]')!.hasAttribute('hidden');

describe("the dashboard's static first screen", () => {
  beforeEach(() => {
    document.body.innerHTML = staticRoot;
    document.documentElement.dataset.staticPage = 'dashboard';
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.staticPage;
    document.body.innerHTML = '';
  });

  it("says what the React screen says: the greeting, the clock and VerifyEmailBanner's words", async () => {
    const { fillDashboardCopy } = await freshModule();
    const now = new Date('2026-11-27T01:30:00Z'); // 7:00 IST
    fillDashboardCopy({ fullName: 'Meera Iyer', email: 'meera@example.com', isEmailVerified: false }, now);
    expect(copy().classList.contains('ws-ready')).toBe(true);
    expect(text('greeting')).toBe(greetingLine(now, 'Meera Iyer'));
    expect(text('greeting')).toBe('Good morning, Meera!');
    expect(text('clock')).toBe(clockLine(now));
    expect(text('clock')).toBe('Friday, 27 November 2026 at 7:00:00 AM IST');
    expect(clockLine(new Date('2026-11-27T11:05:09Z'))).toBe('Friday, 27 November 2026 at 4:35:09 PM IST');
    expect(bannerShown()).toBe(true);
    expect(copy().querySelector('.ws-alert-title')!.textContent).toBe(bannerMessages.title);
    expect(text('verify-text')).toBe(bannerMessages.body('meera@example.com'));

    fillDashboardCopy({ fullName: 'Meera Iyer', email: 'meera@example.com', isEmailVerified: true }, now);
    expect(bannerShown()).toBe(false);
  });

  it('fills from the stored user at once, then from the profile answer; without either, gives up waiting', async () => {
    vi.useFakeTimers();
    let { showDashboardCopy } = await freshModule();
    localStorage.setItem('user', JSON.stringify({ fullName: 'Old Name', email: 'a@example.com', isEmailVerified: false }));
    let answer!: (body: unknown) => void;
    await showDashboardCopy(new Promise((resolve) => (answer = resolve)), 800); // resolved without waiting
    expect(text('greeting')).toMatch(/, Old!$/);
    answer({ success: true, data: { fullName: 'Kavya Menon', email: 'a@example.com', isEmailVerified: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(text('greeting')).toMatch(/, Kavya!$/);
    expect(bannerShown()).toBe(false);

    document.body.innerHTML = staticRoot;
    localStorage.clear();
    ({ showDashboardCopy } = await freshModule());
    let done = false;
    void showDashboardCopy(new Promise(() => undefined), 800).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(799);
    expect(done).toBe(false);
    expect(copy().classList.contains('ws-ready')).toBe(false); // no user known: the bar alone, no half screen
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('does nothing on another screen', async () => {
    document.documentElement.dataset.staticPage = 'shell';
    const { fillDashboardCopy, holdFirstScreen } = await freshModule();
    fillDashboardCopy({ fullName: 'Meera Iyer', email: 'm@example.com' });
    holdFirstScreen();
    expect(copy().classList.contains('ws-ready')).toBe(false);
    expect(document.getElementById('root')!.contains(copy())).toBe(true);
  });

  it('stays over the app, inert, from the first render until revealApp(), and at most maxMs', async () => {
    vi.useFakeTimers();
    const { holdFirstScreen, revealApp } = await freshModule();
    holdFirstScreen(10_000);
    const held = document.querySelector<HTMLElement>('.ws-static')!;
    const root = document.getElementById('root')!;
    expect(root.contains(held)).toBe(false); // React's first render empties #root; the copy is no longer in it
    expect(held.nextElementSibling).toBe(root);
    expect(held.classList.contains('ws-over')).toBe(true);
    expect(held.inert).toBe(true);
    expect(held.getAttribute('aria-hidden')).toBe('true');
    revealApp();
    expect(document.querySelector('.ws-static')).toBeNull();

    document.body.innerHTML = staticRoot;
    const again = await freshModule();
    again.holdFirstScreen(10_000);
    expect(document.querySelector('.ws-static.ws-over')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(document.querySelector('.ws-static')).toBeNull();
  });
});
