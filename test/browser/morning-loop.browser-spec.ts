import { CommandBus } from '@nestjs/cqrs';
import type { Browser, Page } from 'playwright-core';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { fundedPlayer, signedInContext, type Player } from '../factories/players.js';
import { makeAdult } from '../factories/users.js';
import { expectAccessible, launchBrowser } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// A day of this journey's own (no other browser spec uses February 2026): Wednesday 18 February, noon in India.
const TODAY = '2026-02-18';
const TOMORROW = '2026-02-19';
const NOON_IST = new Date('2026-02-18T06:30:00Z');

const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** As the client's formatINR: ₹15 for whole rupees, ₹3.75 otherwise. */
const inr = (n: number) => (Math.round(n * 100) % 100 === 0 ? inrWhole : inrPaise).format(n);
const weekdayDate = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
/** As the client's formatCalendarDate ("Thu, 19 Feb, 2026" in this Chromium's en-IN). */
const calendarDate = (date: string) => weekdayDate.format(new Date(`${date}T00:00:00Z`));
const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;

// The morning loop and the staking review, in Chromium: a plan made in the app and listed, a stake
// through the review dialog with its toast and the pool count, a calendar feed fetched from the browser, the PWA manifest
// and the service worker. On a phone and on a desktop, axe clean on each screen.
describe('the morning loop in Chromium (plans, review, reminders, PWA)', () => {
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

  const player = async (fullName: string): Promise<Player> => {
    const p = await fundedPlayer(t, fullName, { paise: 50000n, occupation: 'working-professional' });
    await makeAdult(t, p); // money needs an adult on file
    return p;
  };

  async function signedIn(p: Player, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const { page } = await signedInContext(t, browser, p.token, colorScheme);
    await page.setViewportSize(viewport);
    return page;
  }

  const poolOf = async (p: Player, date: string) =>
    (await t.http().get(`/api/v1/challenges/pool?date=${date}`).set(p.auth).expect(200)).body.data as { players: number; pool: number };

  it('phone: makes a plan and sees it listed, then stakes through the review and sees the toast and the pool', async () => {
    const [asha, bala, dev] = await Promise.all([player('Asha Kulkarni'), player('Bala Pillai'), player('Dev Sharma')]);
    // Two others staked on this morning the evening before; by noon both have missed it: today's pool is not empty.
    t.clock.set(new Date('2026-02-17T14:30:00Z'));
    for (const [p, amount] of [
      [bala, 100],
      [dev, 40],
    ] as const) {
      await t.http().post('/api/v1/challenges').set(p.auth).send({ challengeDate: TODAY, wakeUpTime: '06:00', forfeitAmount: amount }).expect(201);
    }
    t.clock.set(NOON_IST);
    await t.app.get(CommandBus).execute(new CloseMissedChallengesCommand());
    const today = await poolOf(asha, TODAY);
    expect(today).toMatchObject({ players: 2, pool: 21 }); // 15% of ₹100 and of ₹40

    const page = await signedIn(asha, PHONE);
    await page.goto(t.url + '/challenge');
    await page.getByRole('heading', { level: 1, name: 'Set Your Challenge' }).waitFor({ state: 'visible', timeout: 15000 });

    // 1. A plan: weekdays at 06:00 for 4 weeks, ₹20 a morning, from tomorrow (the form's defaults, chosen explicitly).
    const plans = page.getByTestId('plans-section');
    const planForm = plans.getByRole('form', { name: 'Create a plan' });
    await planForm.getByLabel('Repeat on').selectOption('WEEKDAYS');
    await planForm.getByLabel('Wake-up time (IST)').selectOption('06:00');
    await planForm.getByLabel('Stake a morning (₹)').fill('20');
    await planForm.getByLabel('For').selectOption('4');
    expect(await planForm.getByLabel('Starts').inputValue()).toBe(TOMORROW);
    await planForm.getByTestId('plan-summary').filter({ hasText: '20 mornings, ₹20 each (₹400 in all)' }).waitFor();
    await plans.getByText('No plans yet.').waitFor();
    await expectAccessible(page);
    await planForm.getByRole('button', { name: 'Create plan' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Plan created' }).waitFor({ state: 'visible', timeout: 10000 });
    const item = plans.getByTestId('plan-item');
    await item.getByText('Weekdays at 6:00 AM IST · ₹20 a morning').waitFor({ state: 'visible', timeout: 10000 });
    await item.getByTestId('plan-next').filter({ hasText: 'Next booking: Thu, 19 Feb' }).waitFor();
    const listed = (await t.http().get('/api/v1/challenge-plans').set(asha.auth).expect(200)).body.data.plans;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      weekdays: [1, 2, 3, 4, 5],
      wakeUpTime: '06:00',
      forfeitAmount: 20,
      startDate: TOMORROW,
      status: 'ACTIVE',
      totalDays: 20,
      nextDate: TOMORROW,
    });
    await expectAccessible(page);

    // Pause and resume from the list.
    await item.getByRole('button', { name: /^Pause plan/ }).click();
    await item.getByTestId('plan-next').filter({ hasText: 'Paused' }).waitFor({ timeout: 10000 });
    await item.getByRole('button', { name: /^Resume plan/ }).click();
    await item.getByTestId('plan-next').filter({ hasText: 'Next booking' }).waitFor({ timeout: 10000 });

    // 2. One morning through the review: nothing moves until Confirm.
    const form = page.getByRole('form', { name: 'Create challenge' });
    await form.getByTestId('create-balance').filter({ hasText: '₹500' }).waitFor();
    await form.getByLabel('Forfeit amount (₹)').fill('30');
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    const review = page.getByRole('alertdialog', { name: 'Review your stake' });
    await review.waitFor({ state: 'visible' });
    await review.getByText(calendarDate(TOMORROW), { exact: true }).waitFor();
    await review.getByText('7:00 AM IST', { exact: true }).waitFor();
    await review.getByText('6:45 AM – 7:10 AM IST').waitFor();
    await review.getByText('Your ₹30 comes back with a share of the pool (what those who miss leave), credited by 3 PM.').waitFor();
    await review.getByText('₹25.50 (85%) comes back by 3 PM; ₹4.50 goes to the pool for those who woke up.').waitFor();
    // The pool of the morning being staked (tomorrow: nobody yet), not today's
    const morning = await poolOf(asha, TOMORROW);
    await review
      .getByTestId('review-morning-pool')
      .filter({ hasText: `${inr(morning.pool)} from ${players(morning.players)}` })
      .waitFor({ timeout: 10000 });
    await review.getByTestId('review-everyone-wakes').filter({ hasText: 'Nobody wins extra; everyone gets their stake back.' }).waitFor();
    expect((await t.http().get('/api/v1/challenges').set(asha.auth)).body.challenges).toHaveLength(0);
    await expectAccessible(page);
    await review.getByRole('button', { name: 'Confirm and stake ₹30' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Challenge created' })
      .filter({ hasText: `Wake up by 7:00 AM IST on ${calendarDate(TOMORROW)}. ₹30 staked.` })
      .waitFor({ state: 'visible', timeout: 10000 });
    await review.waitFor({ state: 'hidden' });
    await page.getByTestId('challenge-created').waitFor();
    expect((await poolOf(asha, TOMORROW)).players).toBe(1);

    // 3. The dashboard: today's players and pool on the Today card, the plan among the active ones.
    await page.goto(t.url + '/dashboard');
    await page.getByRole('heading', { level: 1, name: /Asha!/ }).waitFor({ state: 'visible', timeout: 15000 });
    await page
      .getByTestId('today-pool')
      .filter({ hasText: `Today: ${today.players} ${today.players === 1 ? 'player' : 'players'} · pool so far ${inr(today.pool)}` })
      .waitFor({ timeout: 10000 });
    const active = page.getByTestId('active-plans');
    await active.getByTestId('active-plan').filter({ hasText: 'Weekdays at 6:00 AM IST · ₹20 a morning' }).waitFor({ timeout: 10000 });
    await active.getByText('Next booking: Thu, 19 Feb').waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it('desktop (dark theme): makes the calendar feed and fetches its .ics, stops it; the manifest is served and the service worker registers', async () => {
    t.clock.set(NOON_IST);
    const chitra = await player('Chitra Iyer');
    await t.http().post('/api/v1/challenges').set(chitra.auth).send({ challengeDate: TOMORROW, wakeUpTime: '05:30', forfeitAmount: 40 }).expect(201);
    const page = await signedIn(chitra, DESKTOP, 'dark');
    await page.goto(t.url + '/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ state: 'visible', timeout: 15000 });
    const reminders = page.getByTestId('reminders-settings');
    await reminders.getByRole('heading', { name: 'Reminders' }).waitFor();
    // Chromium has Push: the switch is there to turn on (subscribing needs a push service this machine cannot reach).
    await reminders.getByTestId('push-status').filter({ hasText: 'Off on this device.' }).waitFor({ timeout: 10000 });
    await reminders.getByTestId('calendar-help').filter({ hasText: "To add it to your phone's calendar" }).waitFor();
    await expectAccessible(page);

    await reminders.getByRole('button', { name: 'Create calendar feed' }).click();
    const address = reminders.getByLabel('Your secret calendar address');
    await address.waitFor({ state: 'visible', timeout: 10000 });
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectAccessible(page);
    // The browser fetches the feed (public: the secret in the address is the credential), from this server.
    const fetchIcs = (path: string) =>
      page.evaluate(async (p) => {
        const r = await fetch(p, { credentials: 'omit', cache: 'no-store' });
        return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
      }, path);
    const path = new URL(url).pathname;
    const ics = await fetchIcs(path);
    expect(ics.status).toBe(200);
    expect(ics.type).toBe('text/calendar; charset=utf-8');
    expect(ics.text).toContain('BEGIN:VCALENDAR');
    expect(ics.text).toContain('Wake up at 5:30 AM IST: ₹40 at stake');
    expect(ics.text).toContain('BEGIN:VALARM');

    await reminders.getByRole('button', { name: 'Stop calendar feed' }).click();
    await reminders.getByRole('button', { name: 'Create calendar feed' }).waitFor({ timeout: 10000 });
    expect((await fetchIcs(path)).status).toBe(404);

    // PWA: the manifest index.html links, its icons, and the service worker (registered after load, when idle).
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = await page.evaluate(async () => {
      const r = await fetch('/manifest.webmanifest');
      return {
        status: r.status,
        type: r.headers.get('content-type'),
        body: (await r.json()) as {
          name: string;
          short_name: string;
          start_url: string;
          display: string;
          theme_color: string;
          background_color: string;
          icons: { src: string; sizes: string; type: string; purpose?: string }[];
        },
      };
    });
    expect(manifest.status).toBe(200);
    expect(manifest.type).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toMatchObject({ short_name: 'WakeStake', start_url: '/dashboard', display: 'standalone', theme_color: '#0b5d57' });
    const pngs = manifest.body.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of pngs) {
      const res = await page.evaluate(async (src) => {
        const r = await fetch(src);
        const bytes = new Uint8Array(await r.arrayBuffer());
        return {
          status: r.status,
          type: r.headers.get('content-type'),
          signature: Array.from(bytes.slice(1, 4))
            .map((b) => String.fromCharCode(b))
            .join(''),
          width: new DataView(bytes.buffer).getUint32(16),
        };
      }, icon.src);
      expect(res).toEqual({ status: 200, type: 'image/png', signature: 'PNG', width: Number(icon.sizes.split('x')[0]) });
    }
    const worker = await page.evaluate(async () => {
      const reg = await Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => setTimeout(() => r(null), 15000))]);
      return reg ? { scope: reg.scope, script: reg.active?.scriptURL ?? null } : null;
    });
    expect(worker).toEqual({ scope: `${t.url}/`, script: `${t.url}/sw.js` });
    await page.context().close();
  });
});
