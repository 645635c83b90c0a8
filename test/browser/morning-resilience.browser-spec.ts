import type { Browser, Page, Route } from 'playwright-core';
import { DataSource } from 'typeorm';
import { fundedPlayer, signedInContext, type Player } from '../factories/players.js';
import { launchBrowser } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const PHONE = { width: 390, height: 844 };
// A day of this journey's own: Tuesday 10 March 2026, noon in India.
const NOON_IST = new Date('2026-03-10T06:30:00Z');
const UNAVAILABLE = JSON.stringify({
  success: false,
  statusCode: 503,
  error: 'Service temporarily unavailable. Please try again shortly.',
  message: 'Service temporarily unavailable. Please try again shortly.',
});
const fail503 = (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: UNAVAILABLE });

// "never lose the morning": on a phone, a service answering 503 for half a minute (with a reload in the middle)
// or a dropped network never signs the person out, the app says it is reconnecting and comes back by itself; a check-in
// whose first two attempts fail is recorded exactly once after one tap, with plain words on the card meanwhile.
describe('the morning survives a bad network and a bad minute of ours (phone, Chromium)', () => {
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

  async function openDashboard(page: Page, firstName: string): Promise<void> {
    await page.goto(t.url + '/dashboard');
    await page.getByRole('heading', { level: 1, name: new RegExp(`${firstName}!`) }).waitFor({ state: 'visible', timeout: 20000 });
    await page.getByTestId('wallet-balance').waitFor({ state: 'visible', timeout: 15000 });
  }

  const stored = (page: Page) => page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user') }));
  const banner = (page: Page) => page.getByTestId('connection-banner');

  it('30 s of 503s with a reload in the middle: still signed in, and back by itself without a reload', async () => {
    t.clock.set(NOON_IST);
    const p = await fundedPlayer(t, 'Meera Iyer', { paise: 50000n, occupation: 'student' });
    const page = await phone(p);
    await openDashboard(page, 'Meera');
    const before = await stored(page);
    expect(before.token).toBe(p.token);
    expect(before.user).toContain('Meera');

    let down = true;
    await page.route('**/api/v1/**', (route) => (down ? fail503(route) : route.continue()));
    const outageStarted = Date.now();
    await page.reload();
    await banner(page).filter({ hasText: 'Can’t reach WakeStake — retrying' }).waitFor({ state: 'visible', timeout: 15000 });
    await page.getByRole('heading', { level: 1, name: /Meera!/ }).waitFor({ state: 'visible', timeout: 15000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await stored(page)).toEqual(before);

    // The rest of the half minute, watched: never /login, the session never deleted.
    let loads = 0;
    page.on('load', () => (loads += 1));
    while (Date.now() - outageStarted < 30_000) {
      await page.waitForTimeout(2000);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect((await stored(page)).token).toBe(p.token);
      expect(await page.locator('body').innerText()).not.toMatch(/Internal Server Error|Failed to load challenge data/);
    }

    down = false;
    await banner(page).waitFor({ state: 'detached', timeout: 20000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹500' }).waitFor({ state: 'visible', timeout: 20000 });
    await page.getByTestId('today-card').getByTestId('today-label').waitFor({ state: 'visible', timeout: 20000 });
    expect(loads).toBe(0); // no reload: it came back by itself
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await stored(page)).token).toBe(p.token);
    await page.context().close();
  }, 120_000);

  it('offline, then online: still signed in, and back by itself', async () => {
    t.clock.set(NOON_IST);
    const p = await fundedPlayer(t, 'Kiran Das', { paise: 30000n, occupation: 'student' });
    const page = await phone(p);
    await openDashboard(page, 'Kiran');
    await page.context().setOffline(true);
    await banner(page).filter({ hasText: 'Offline — reconnecting…' }).waitFor({ state: 'visible', timeout: 10000 });
    await page.getByTestId('today-card').waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await stored(page)).token).toBe(p.token);

    await page.context().setOffline(false);
    await banner(page).waitFor({ state: 'detached', timeout: 20000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹300' }).waitFor({ state: 'visible', timeout: 10000 });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await stored(page)).token).toBe(p.token);
    await page.context().close();
  }, 60_000);

  it('a check-in whose first two attempts fail (the first one’s answer lost) is recorded once after one tap, in plain words', async () => {
    t.clock.set(NOON_IST);
    const p = await fundedPlayer(t, 'Zoya Khan', { paise: 50000n, occupation: 'student' });
    const created = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(p.auth).send({}).expect(201);
    const id = created.body.challenge.id as string;
    const page = await phone(p);
    await openDashboard(page, 'Zoya');
    const card = page.getByTestId('today-card');
    await card.getByTestId('today-label').filter({ hasText: 'Time to Wake Up!' }).waitFor({ state: 'visible', timeout: 15000 });

    const keys: (string | undefined)[] = [];
    await page.route('**/api/v1/challenges/verify', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length === 1) {
        await route.fetch(); // the server records it; its answer is lost on the way back
        return fail503(route);
      }
      if (keys.length === 2) return fail503(route);
      return route.continue();
    });

    await card.getByRole('button', { name: 'Check In' }).click();
    const progress = card.getByTestId('check-in-progress');
    await progress.filter({ hasText: /Not recorded yet — trying again · \d+ min left/ }).waitFor({ state: 'visible', timeout: 10000 });
    await card
      .getByTestId('checked-in-at')
      .filter({ hasText: /^Checked in at \d{1,2}:\d{2} (AM|PM)$/ })
      .waitFor({ state: 'visible', timeout: 20000 });
    await card.getByTestId('today-label').filter({ hasText: 'Challenge Completed!' }).waitFor({ state: 'visible' });
    await progress.waitFor({ state: 'detached' });
    expect(await page.locator('body').innerText()).not.toMatch(/Internal Server Error|Failed to verify|Service temporarily unavailable/);

    // One tap, three attempts, one key, one check-in.
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    const challenge = (await t.http().get(`/api/v1/challenges/${id}`).set(p.auth).expect(200)).body.challenge;
    expect(challenge).toMatchObject({ status: 'COMPLETED', isSuccessful: true });
    const notices = await t.app.get(DataSource).query(`SELECT id FROM notifications WHERE user_id = $1 AND type = 'CHALLENGE_CHECKED_IN'`, [p.userId]);
    expect(notices).toHaveLength(1);
    await page.context().close();
  }, 60_000);
});
