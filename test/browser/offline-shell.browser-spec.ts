import type { Browser, Page, Response } from 'playwright-core';
import { DataSource } from 'typeorm';
import { fundedPlayer, signedInContext, type Player } from '../factories/players.js';
import { fund } from '../factories/wallet.js';
import { launchBrowser } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const PHONE = { width: 390, height: 844 };
// Tuesday 10 March 2026, noon in India (the time the kept balance is labelled with).
const NOON_IST = new Date('2026-03-10T06:30:00Z');
const SHELL_CACHE = 'wakestake-shell-v1';
const KEPT = 'wakestake:last-dashboard';

// "never lose the morning", the service worker's part: on a phone (390×844, Chromium), a dashboard seen once
// opens again with no network at all (a reload offline: the app's shell from the worker, the last dashboard the app kept,
// the money labelled "as of"), still signed in, and comes back to fresh data by itself; and on a slow 3G line the
// dashboard loads, the person stays signed in, and one tap checks in once. The api serves the built client (CLIENT_DIST,
// default client/dist) on http://127.0.0.1, a secure context, so the worker runs as on the real site.
describe('offline shell and slow networks (phone, Chromium)', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function phone(p: Player): Promise<Page> {
    const { page } = await signedInContext(t, browser, p.token);
    await page.setViewportSize(PHONE);
    return page;
  }

  async function openDashboard(page: Page, firstName: string, timeout = 20000): Promise<void> {
    await page.goto(t.url + '/dashboard', { timeout });
    await page.getByRole('heading', { level: 1, name: new RegExp(`${firstName}!`) }).waitFor({ state: 'visible', timeout });
    await page.getByTestId('wallet-balance').waitFor({ state: 'visible', timeout });
  }

  const stored = (page: Page) => page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
  const banner = (page: Page) => page.getByTestId('connection-banner');

  /** The worker controls the page and holds the page and every file of the app's code this page loaded. */
  async function shellKept(page: Page): Promise<void> {
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20000 });
    const kept = () =>
      page.evaluate(async (name) => {
        const keys = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        // the app's code as the document names it (its entry script and a module preload per chunk an import needed)
        const loaded = Array.from(
          document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel="modulepreload"]'),
          (el) => new URL('src' in el && el.src ? el.src : (el as HTMLLinkElement).href),
        )
          .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
          .map((u) => u.pathname);
        return { shell: keys.includes('/') && keys.includes('/boot.js'), loaded: loaded.length, missing: loaded.filter((p) => !keys.includes(p)) };
      }, SHELL_CACHE);
    const until = Date.now() + 20000;
    let state = await kept();
    while (!(state.shell && state.loaded > 0 && state.missing.length === 0) && Date.now() < until) {
      await page.waitForTimeout(300);
      state = await kept();
    }
    expect(state).toEqual({ shell: true, loaded: expect.any(Number), missing: [] });
    expect(state.loaded).toBeGreaterThan(5);
  }

  /** The ₹ figures on the page ("₹475", not the footer's "(₹)") whose card does not say `asOf`; and how many there are. */
  const unlabelledMoney = (page: Page, asOf: string) =>
    page.evaluate((label) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const figures: string[] = [];
      const bare: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!/₹\s?\d/.test(text) || !node.parentElement) continue;
        figures.push(text);
        if (!node.parentElement.closest('.chakra-card__root')?.textContent?.includes(label)) bare.push(text);
      }
      return { figures: figures.length, bare };
    }, asOf);

  it('a dashboard seen once opens again offline: signed in, the last balance and every money figure "as of" noon, the offline bar; online again, fresh data without a reload', async () => {
    t.clock.set(NOON_IST);
    const p = await fundedPlayer(t, 'Anika Rao', { paise: 50000n, occupation: 'student' });
    // today's challenge (₹25 staked: the balance is ₹475), so that its card and the pledges carry figures
    await t.http().post('/api/v1/test/challenges/create-test-challenge').set(p.auth).send({}).expect(201);
    const page = await phone(p);
    const apiFromWorker: string[] = [];
    page.on('response', (r: Response) => {
      if (new URL(r.url()).pathname.startsWith('/api/') && r.fromServiceWorker()) apiFromWorker.push(r.url());
    });
    await openDashboard(page, 'Anika');
    await page.getByTestId('wallet-balance').filter({ hasText: '₹475' }).waitFor({ state: 'visible' });
    await page.getByRole('heading', { level: 2, name: 'Challenge Pledges' }).waitFor({ state: 'visible' });
    await page.getByTestId('stat-cards').waitFor({ state: 'visible' });
    // online: the live figures, no label anywhere
    expect(await page.getByTestId('wallet-balance-as-of').count()).toBe(0);
    expect(await page.getByTestId('as-of-note').count()).toBe(0);
    await shellKept(page);
    // the balance, today's challenge, the stats and the pending and settled lists are kept
    await page.waitForFunction(
      (key) => {
        const kinds = new Set((JSON.parse(localStorage.getItem(key) ?? 'null')?.entries ?? []).map((e: { key: string[] }) => `${e.key[0]}:${e.key[2]}`));
        return ['wallet:balance', 'challenges:date', 'challenges:stats', 'challenges:status', 'challenges:history'].every((k) => kinds.has(k));
      },
      KEPT,
      { timeout: 10000 },
    );
    const before = await stored(page);
    // The browser's HTTP cache emptied: whatever opens offline now comes from the worker's own cache.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();

    await page.context().setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true); // the page itself came from the worker
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { level: 1, name: /Anika!/ }).waitFor({ state: 'visible', timeout: 15000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹475' }).waitFor({ state: 'visible', timeout: 15000 });
    await page
      .getByTestId('wallet-balance-as-of')
      .filter({ hasText: /^as of 12:00 PM$/ })
      .waitFor({ state: 'visible' });
    await banner(page).filter({ hasText: 'Offline — reconnecting…' }).waitFor({ state: 'visible', timeout: 10000 });
    await page.getByTestId('today-card').waitFor({ state: 'visible' });
    // Every money figure on the kept dashboard says "as of" noon: today's card, the stats, the pledges, the lists.
    await page.getByTestId('today-card').getByTestId('as-of-note').filter({ hasText: 'Saved copy: amounts as of 12:00 PM' }).waitFor({ state: 'visible' });
    await page.getByTestId('today-card').getByText('₹25', { exact: true }).waitFor({ state: 'visible' });
    await page
      .getByTestId('stat-cards')
      .getByTestId('as-of-note')
      .filter({ hasText: /^as of 12:00 PM$/ })
      .waitFor({ state: 'visible' });
    for (const name of ['Upcoming Challenges', 'Challenge Pledges', 'Challenge History', 'Settlement receipts']) {
      const card = page.locator('.chakra-card__root').filter({ has: page.getByRole('heading', { level: 2, name }) });
      await card.getByTestId('as-of-note').filter({ hasText: 'Saved copy: amounts as of 12:00 PM' }).waitFor({ state: 'visible' });
    }
    const money = await unlabelledMoney(page, 'as of 12:00 PM');
    expect(money.bare).toEqual([]);
    expect(money.figures).toBeGreaterThanOrEqual(5);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await stored(page)).toEqual(before);
    expect(await page.locator('body').innerText()).not.toMatch(/Internal Server Error|Failed to load challenge data|No internet/);

    // Money moves while the phone is offline; back online, the fresh balance replaces the kept one by itself.
    await fund(t, p.userId, 20000n);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.context().setOffline(false);
    await banner(page).waitFor({ state: 'detached', timeout: 20000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹675' }).waitFor({ state: 'visible', timeout: 20000 });
    await page.getByTestId('wallet-balance-as-of').waitFor({ state: 'detached' });
    await page.getByTestId('as-of-note').first().waitFor({ state: 'detached', timeout: 20000 }); // every section live again
    expect(loads).toBe(0);
    expect((await stored(page)).token).toBe(p.token);
    expect(apiFromWorker).toEqual([]); // the worker never answers for the API
    await page.context().close();
  }, 120_000);

  it('the service answering 503 over a reload: the kept balance "as of" meanwhile, never /login; the live one when it answers', async () => {
    t.clock.set(NOON_IST);
    const p = await fundedPlayer(t, 'Ishaan Gill', { paise: 25000n, occupation: 'student' });
    const page = await phone(p);
    await openDashboard(page, 'Ishaan');
    await shellKept(page); // the worker controls the page: the API's requests still pass it by (and are intercepted here)
    await page.waitForFunction((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.entries?.some((e: { key: string[] }) => e.key[0] === 'wallet'), KEPT, {
      timeout: 10000,
    });
    let down = true;
    let refused = 0;
    await page.route('**/api/v1/**', (route) => {
      if (!down) return route.continue();
      refused += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, statusCode: 503, error: 'Service temporarily unavailable.' }),
      });
    });
    await page.reload();
    await banner(page).filter({ hasText: 'Can’t reach WakeStake — retrying' }).waitFor({ state: 'visible', timeout: 15000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹250' }).waitFor({ state: 'visible', timeout: 15000 });
    await page
      .getByTestId('wallet-balance-as-of')
      .filter({ hasText: /^as of 12:00 PM$/ })
      .waitFor({ state: 'visible' });
    expect(refused).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await stored(page)).token).toBe(p.token);

    await fund(t, p.userId, 10000n);
    down = false;
    await banner(page).waitFor({ state: 'detached', timeout: 25000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹350' }).waitFor({ state: 'visible', timeout: 20000 });
    await page.getByTestId('wallet-balance-as-of').waitFor({ state: 'detached' });
    await page.context().close();
  }, 90_000);

  it('signing out wipes the kept dashboard: offline afterwards, nothing of it is shown', async () => {
    t.clock.set(NOON_IST);
    const p = await fundedPlayer(t, 'Dev Shah', { paise: 40000n, occupation: 'student' });
    const page = await phone(p);
    await openDashboard(page, 'Dev');
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, KEPT, { timeout: 10000 });
    await page.evaluate(() => window.dispatchEvent(new Event('wakestake:unauthorized'))); // as a 401 for the session does
    await page.waitForURL(/\/login/, { timeout: 10000 });
    expect(await page.evaluate((key) => localStorage.getItem(key), KEPT)).toBeNull();
    await page.context().close();
  }, 60_000);

  it('slow 3G (400 kbps, 400 ms): the dashboard loads, the person stays signed in, one tap checks in once', async () => {
    t.clock.set(NOON_IST);
    const p = await fundedPlayer(t, 'Ravi Nair', { paise: 50000n, occupation: 'student' });
    const created = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(p.auth).send({}).expect(201);
    const id = created.body.challenge.id as string;
    const page = await phone(p);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const kbps400 = (400 * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: kbps400, uploadThroughput: kbps400 });
    const verifies: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/challenges/verify') verifies.push(r.headers()['idempotency-key'] ?? '');
    });

    const started = Date.now();
    await openDashboard(page, 'Ravi', 90000);
    const loadedInMs = Date.now() - started;
    const card = page.getByTestId('today-card');
    await card.getByTestId('today-label').filter({ hasText: 'Time to Wake Up!' }).waitFor({ state: 'visible', timeout: 60000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await stored(page)).token).toBe(p.token);

    await card.getByRole('button', { name: 'Check In' }).click();
    await card
      .getByTestId('checked-in-at')
      .filter({ hasText: /^Checked in at \d{1,2}:\d{2} (AM|PM)$/ })
      .waitFor({ state: 'visible', timeout: 60000 });
    await card.getByTestId('today-label').filter({ hasText: 'Challenge Completed!' }).waitFor({ state: 'visible', timeout: 30000 });
    expect(await page.locator('body').innerText()).not.toMatch(/Internal Server Error|Failed to verify|Please login again/);
    expect((await stored(page)).token).toBe(p.token);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    expect(verifies).toHaveLength(1);
    const challenge = (await t.http().get(`/api/v1/challenges/${id}`).set(p.auth).expect(200)).body.challenge;
    expect(challenge).toMatchObject({ status: 'COMPLETED', isSuccessful: true });
    const notices = await t.app.get(DataSource).query(`SELECT id FROM notifications WHERE user_id = $1 AND type = 'CHALLENGE_CHECKED_IN'`, [p.userId]);
    expect(notices).toHaveLength(1);
    console.log(`slow 3G: the dashboard (heading and balance) in ${loadedInMs} ms`);
    await page.context().close();
  }, 240_000);
});
