import { CommandBus } from '@nestjs/cqrs';
import type { Browser, Page } from 'playwright-core';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { fundedPlayer, signedInContext, type Player } from '../factories/players.js';
import { expectAccessible, launchBrowser } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

// The browser sits in New York; every time on screen must still be India Standard Time.
const TIMEZONE = 'America/New_York';
const istTime = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true });
const nyTime = new Intl.DateTimeFormat('en-IN', { timeZone: TIMEZONE, hour: 'numeric', minute: '2-digit', hour12: true });
const istDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
const weekdayDate = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
const calendarDate = (date: string) => weekdayDate.format(new Date(`${date}T00:00:00Z`));
/**
 * Noon in India on a day of this journey's own (no other spec uses January 2026): the minutes the journey moves the
 * clock never cross an Indian midnight, and its challenges never share a date with another journey's settlement.
 */
const noonIst = () => new Date('2026-01-14T06:30:00Z');

describe('challenges in Chromium (New York browser, IST screens)', () => {
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

  /** Registered through the API, ₹500 in the wallet through the ledger, profile completed. */
  const player = (fullName: string, rupees = 500): Promise<Player> => fundedPlayer(t, fullName, { paise: BigInt(rupees) * 100n, occupation: 'student' });

  /** A New York browser signed in as `p`, its clock fixed to the server's. */
  const signedIn = (p: Player, colorScheme: 'light' | 'dark' = 'light') => signedInContext(t, browser, p.token, colorScheme);

  async function openDashboard(page: Page, firstName: string) {
    await page.goto(t.url + '/dashboard');
    try {
      await page.getByRole('heading', { level: 1, name: new RegExp(`${firstName}!`) }).waitFor({ state: 'visible', timeout: 15000 });
    } catch (e) {
      throw new Error(`No dashboard at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`, { cause: e });
    }
  }

  const balanceIs = (page: Page, text: string) => page.getByTestId('wallet-balance').filter({ hasText: text }).waitFor({ state: 'visible', timeout: 10000 });

  it('creates a challenge in the modal, sees it in Upcoming and the calendar, cancels it and gets the stake back', async () => {
    t.clock.set(noonIst());
    const p = await player('Asha Rao');
    const { context, page } = await signedIn(p);
    await openDashboard(page, 'Asha');
    await balanceIs(page, '₹500');
    await page.getByText('No upcoming challenges').waitFor({ state: 'visible' });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create Challenge', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Challenge' });
    await dialog.waitFor({ state: 'visible' });
    const tomorrow = addDays(istDate.format(t.clock.now()), 1);
    expect(await dialog.getByLabel('Challenge date').inputValue()).toBe(tomorrow);
    await dialog.getByTestId('create-balance').filter({ hasText: '₹500' }).waitFor({ state: 'visible' });
    await dialog.getByTestId('wake-up-value').filter({ hasText: '7:00 AM IST' }).waitFor();
    await expectAccessible(page);

    // 06:00, ₹30.
    await dialog.getByRole('slider').focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await dialog.getByTestId('wake-up-value').filter({ hasText: '6:00 AM IST' }).waitFor();
    await dialog.getByText('Check-in window: 5:45 AM – 6:10 AM IST').waitFor();
    await dialog.getByLabel('Forfeit amount (₹)').fill('30');
    await dialog.getByRole('button', { name: 'Create Challenge' }).click();
    // A review of the stake before the money moves, then a toast.
    const review = page.getByRole('alertdialog', { name: 'Review your stake' });
    await review.getByText('₹25.50 (85%) comes back by 3 PM; ₹4.50 goes to the pool for those who woke up.').waitFor({ state: 'visible' });
    await expectAccessible(page);
    await review.getByRole('button', { name: 'Confirm and stake ₹30' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Challenge created' }).waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });

    const upcoming = page.getByTestId('upcoming-list');
    await upcoming.getByText(calendarDate(tomorrow)).waitFor({ state: 'visible' });
    await upcoming.getByText('6:00 AM IST · ₹30 staked').waitFor();
    await balanceIs(page, '₹470');
    await page.getByTestId('total-pledged').filter({ hasText: '₹30' }).waitFor();

    // The month calendar holds it, in words as well as colour.
    await page.getByRole('button', { name: 'View Calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Challenge Calendar' });
    await calendar.waitFor({ state: 'visible' });
    if (tomorrow.slice(0, 7) !== istDate.format(t.clock.now()).slice(0, 7)) await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.locator(`[data-date="${tomorrow}"]`).getByText('6:00 AM · Pending').waitFor({ state: 'visible' });
    await expectAccessible(page);
    await calendar.getByRole('button', { name: 'Close' }).first().click();
    await calendar.waitFor({ state: 'hidden' });

    // Cancel (allowed until the night before): the stake comes back in full.
    await page.getByRole('button', { name: `Cancel challenge on ${calendarDate(tomorrow)}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this challenge?' });
    await confirm.waitFor({ state: 'visible' });
    // An exit animation whose end comes late (on a busy phone its animationend was once missed and the faded dialog
    // stayed over the page): the closed dialog still leaves the way, hidden, and the page takes taps again.
    const slowExit = await page.addStyleTag({ content: '[data-scope="dialog"][data-state="closed"] { animation-duration: 60s !important; }' });
    await confirm.getByRole('button', { name: 'Cancel Challenge' }).click();
    await confirm.waitFor({ state: 'hidden', timeout: 5000 });
    await slowExit.evaluate((el) => (el as Element).remove());
    await page.getByText('No upcoming challenges').waitFor({ state: 'visible' });
    await balanceIs(page, '₹500');

    // /challenge is a real page with the same form: it creates the challenge and shows its real window.
    await page.goto(t.url + '/challenge');
    await page.getByRole('heading', { level: 1, name: 'Set Your Challenge' }).waitFor({ state: 'visible' });
    await page.getByTestId('create-balance').filter({ hasText: '₹500' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Challenge' }).last().click();
    await page.getByRole('alertdialog', { name: 'Review your stake' }).getByRole('button', { name: 'Confirm and stake ₹25' }).click();
    const done = page.getByTestId('challenge-created');
    await done.waitFor({ state: 'visible' });
    await done.getByText('Check-in window: 6:45 AM – 7:10 AM IST').waitFor();
    const list = await t.http().get('/api/v1/challenges').set(p.auth);
    expect(list.body.challenges.map((c: { challengeDate: string; wakeUpTime: string; status: string }) => [c.challengeDate, c.wakeUpTime, c.status])).toEqual([
      [tomorrow, '07:00', 'PENDING'],
    ]);
    await context.close();
  });

  it('a test challenge checked in inside its window shows "Challenge Completed!", its window in IST', async () => {
    t.clock.set(noonIst());
    const p = await player('Ravi Kumar');
    const { context, page } = await signedIn(p);
    await openDashboard(page, 'Ravi');
    const box = page.getByTestId('test-mode-box');
    await box.waitFor({ state: 'visible' });
    await box.getByRole('button', { name: 'Create Test Challenge' }).click();
    await box.getByText(/Test challenge created/).waitFor({ state: 'visible' });

    const today = istDate.format(t.clock.now());
    const res = await t.http().get(`/api/v1/challenges/date/${today}`).set(p.auth);
    const challenge = res.body.challenges[0];
    const opens = istTime.format(new Date(challenge.gracePeriodStartTime));
    expect(opens).not.toBe(nyTime.format(new Date(challenge.gracePeriodStartTime)));

    const card = page.getByTestId('today-card');
    await card.getByTestId('today-label').filter({ hasText: 'Time to Wake Up!' }).waitFor({ state: 'visible' });
    await card.getByText(`Window: ${opens} – ${istTime.format(new Date(challenge.gracePeriodEndTime))} IST`).waitFor();
    await balanceIs(page, '₹475');
    await expectAccessible(page);

    await card.getByRole('button', { name: 'Check In' }).click();
    await card.getByTestId('today-label').filter({ hasText: 'Challenge Completed!' }).waitFor({ state: 'visible' });
    await card.getByText('Congratulations! You woke up on time.').waitFor();
    await page.getByTestId('history-list').getByText('Woke up', { exact: true }).waitFor({ state: 'visible' });
    await context.close();
  });

  it('a missed test challenge, closed by the missed-window job, shows "Challenge Failed" (dark theme, with Analytics)', async () => {
    t.clock.set(noonIst());
    const p = await player('Meera Nair');
    const created = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(p.auth).send({});
    expect(created.status).toBe(201);
    // Past wake-up + 11 minutes: the window has closed; the job closes it as missed.
    t.clock.advance(14 * 60_000);
    const { closed } = await t.app.get(CommandBus).execute(new CloseMissedChallengesCommand());
    expect(closed).toBeGreaterThanOrEqual(1);

    const { context, page } = await signedIn(p, 'dark');
    await openDashboard(page, 'Meera');
    const card = page.getByTestId('today-card');
    await card.getByTestId('today-label').filter({ hasText: 'Challenge Failed' }).waitFor({ state: 'visible', timeout: 10000 });
    await card.getByText('Reason: Missed check-in window').waitFor();
    await card.getByText('Actual forfeit: ₹3.75').waitFor();
    await card.getByTestId('refund-message').filter({ hasText: '₹21.25 (85% of your forfeit)' }).waitFor();
    await page.getByTestId('history-list').getByText('Missed', { exact: true }).waitFor({ state: 'visible' });
    await expectAccessible(page);

    // Analytics: a real chart from /streaks/statistics and /wallet/earnings.
    await page.getByRole('button', { name: 'Analytics' }).click();
    const analytics = page.getByRole('dialog', { name: 'Analytics' });
    await analytics.getByRole('img', { name: /Wake-ups and success rate over time/ }).waitFor({ state: 'visible', timeout: 10000 });
    await analytics.getByText(/0 successful and 1 failed wake-ups/).waitFor({ state: 'attached' });
    await analytics.getByRole('img', { name: /Earnings and losses per day/ }).waitFor();
    await expectAccessible(page);
    await analytics.getByRole('button', { name: 'Close' }).first().click();
    await analytics.waitFor({ state: 'hidden' });

    // The Create Challenge modal in the dark theme too.
    await page.getByRole('button', { name: 'Create Challenge', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Challenge' });
    await dialog.getByTestId('create-balance').filter({ hasText: '₹475' }).waitFor({ state: 'visible' });
    await expectAccessible(page);
    await context.close();
  });
});
