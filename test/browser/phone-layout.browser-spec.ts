import { CommandBus } from '@nestjs/cqrs';
import type { Browser, Page } from 'playwright-core';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { zonedInstant } from '../../src/common/time.js';
import { fund } from '../factories/wallet.js';
import { inEveryLook, launchBrowser, newContext, type Look } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const VISIBLE = { state: 'visible', timeout: 15000 } as const;
const PHONE = { width: 390, height: 844 };
const at = (date: string, time: string) => zonedInstant(date, time, 'Asia/Kolkata');

// On a 390x844 phone, re-checked at each step on a desktop and in dark mode too (inEveryLook): Check In on
// the first screen during the window (under the verification banner), the profile's long email inside the page,
// calendar chips inside their cells, the date picker without booked or leave days (first bookable by default), and a
// missed day's receipt reachable and worded as such.
// June 2038: no other journey uses it.
describe('the app on a phone in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let token = '';
  const email = `a.rather.long.email.address.for.a.phone.${Date.now()}@an-unusually-long-company-domain.example.com`;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    browser = await launchBrowser();
    // Registered (email unverified: the verification banner is on every screen), an adult profile, ₹500.
    t.clock.set(at('2038-06-07', '12:00'));
    const res = await t.http().post('/api/v1/auth/register').send({ email, password: 'correct-horse-battery', fullName: 'Lakshmi Narayanan' });
    expect(res.status).toBe(201);
    token = res.body.token;
    const auth = { Authorization: `Bearer ${token}` };
    await fund(t, res.body.userId, 50_000n);
    await t
      .http()
      .put('/api/v1/auth/profile')
      .set(auth)
      .send({ phoneNumber: '9876543210', city: 'Chennai', occupation: 'student', dateOfBirth: '1995-05-05' })
      .expect(200);

    // A missed morning on 8 June, settled: its receipt is the one to reach.
    await t.http().post('/api/v1/challenges').set(auth).send({ challengeDate: '2038-06-08', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    t.clock.set(at('2038-06-08', '09:00'));
    await t.app.get(CommandBus).execute(new SettleDateCommand('2038-06-08'));

    // Booked 10 and 12 June, on leave on 13 June.
    t.clock.set(at('2038-06-09', '12:00'));
    await t.http().post('/api/v1/challenges').set(auth).send({ challengeDate: '2038-06-10', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    await t.http().post('/api/v1/challenges').set(auth).send({ challengeDate: '2038-06-12', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    await t.http().post('/api/v1/leave').set(auth).send({ date: '2038-06-13' }).expect(201);

    // 10 June, 05:55 IST: inside the 05:45-06:10 window of today's challenge.
    t.clock.set(at('2038-06-10', '05:55'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function phone(): Promise<Page> {
    const context = await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true, colorScheme: 'light', timezoneId: 'Asia/Kolkata' });
    await context.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, token);
    const page = await context.newPage();
    await page.clock.setFixedTime(t.clock.now());
    return page;
  }

  const noSidewaysScroll = async (page: Page, look: Look) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);

  it('Check In on the first screen, the email and calendar chips inside, the picker and the missed receipt', async () => {
    const page = await phone();

    // Dashboard: the banner is there, and Check In is still on the first screen without scrolling.
    await page.goto(`${t.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /Lakshmi!/ }).waitFor(VISIBLE);
    await page.getByRole('region', { name: 'Email verification' }).waitFor(VISIBLE);
    const card = page.getByTestId('today-card');
    await card.getByTestId('today-label').filter({ hasText: 'Time to Wake Up!' }).waitFor(VISIBLE);
    const checkIn = card.getByRole('button', { name: 'Check In' });
    await checkIn.waitFor(VISIBLE);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await inEveryLook(page, async (look) => {
      await checkIn.waitFor(VISIBLE);
      const box = await checkIn.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(look.viewport.height);
      await noSidewaysScroll(page, look);
    });

    // The receipts list: the missed day, worded for a miss.
    const receipts = page.getByTestId('settlement-receipts');
    await receipts.scrollIntoViewIfNeeded();
    const entry = receipts.locator('[data-testid="receipt-entry"][data-date="2038-06-08"]');
    await entry.waitFor(VISIBLE);
    expect(await entry.getAttribute('data-outcome')).toBe('MISSED');
    await entry.getByRole('button', { name: /What happened to your stake/ }).click();
    const receipt = page.getByRole('dialog', { name: 'What happened to your stake' });
    await receipt.getByTestId('your-line').filter({ hasText: 'missed. ₹17 back · ₹3 to the pool · net −₹3' }).waitFor(VISIBLE);
    expect(await page.getByRole('dialog', { name: /winnings/ }).count()).toBe(0);
    await inEveryLook(page, () => receipt.getByTestId('your-line').waitFor(VISIBLE));
    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await receipt.waitFor({ state: 'hidden' });

    // The calendar: every chip inside its cell.
    await page.getByRole('button', { name: 'View Calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Challenge Calendar' });
    await calendar.getByTestId('calendar-month').filter({ hasText: 'June 2038' }).waitFor(VISIBLE);
    await calendar.getByTestId('calendar-chip').first().waitFor(VISIBLE);
    await inEveryLook(page, async () => {
      const chips = await calendar.evaluate((root) =>
        [...root.querySelectorAll('[data-testid="calendar-chip"]')].map((chip) => {
          const cell = chip.closest('[data-date]') as HTMLElement;
          const c = chip.getBoundingClientRect();
          const r = cell.getBoundingClientRect();
          return {
            date: cell.dataset.date,
            inside: c.left >= r.left - 0.5 && c.right <= r.right + 0.5 && c.top >= r.top - 0.5 && c.bottom <= r.bottom + 0.5,
            fits: chip.scrollWidth <= chip.clientWidth + 1,
          };
        }),
      );
      expect(chips.map((c) => c.date).sort()).toEqual(['2038-06-08', '2038-06-10', '2038-06-12']);
      expect(chips.filter((c) => !c.inside || !c.fits)).toEqual([]);
    });
    await calendar.getByRole('button', { name: 'Close' }).first().click();
    await calendar.waitFor({ state: 'hidden' });

    // Profile: the long email wraps inside the page.
    await page.goto(`${t.url}/profile`);
    const shown = page.getByTestId('profile-email');
    await shown.waitFor(VISIBLE);
    expect(await shown.textContent()).toBe(email);
    await inEveryLook(page, async (look) => {
      expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const emailBox = await shown.boundingBox();
      expect(emailBox!.x + emailBox!.width).toBeLessThanOrEqual(look.viewport.width);
      await noSidewaysScroll(page, look);
    });

    // The date picker: no booked or leave day, the first bookable day (11 June) by default.
    await page.goto(`${t.url}/challenge`);
    const picker = page.getByLabel('Challenge date');
    await picker.waitFor(VISIBLE);
    await page.getByTestId('withheld-dates').filter({ hasText: 'on leave' }).waitFor(VISIBLE);
    const values = await picker.evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.value));
    expect(values).toEqual(['2038-06-11', '2038-06-14', '2038-06-15', '2038-06-16', '2038-06-17']);
    expect(await picker.inputValue()).toBe('2038-06-11');
    await inEveryLook(page, (look) => noSidewaysScroll(page, look));
    await page.context().close();
  });
});
