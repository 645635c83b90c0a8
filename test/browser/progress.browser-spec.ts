import type { Browser, Page } from 'playwright-core';
import { CommandBus } from '@nestjs/cqrs';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectAccessible, launchBrowser, newContext } from '../setup/browser.js';
import { fundedPlayer, Player } from '../factories/players.js';
import { addDays, zonedInstant } from '../../src/common/time.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';

const VISIBLE = { state: 'visible', timeout: 15000 } as const;
const ist = (date: string, time: string) => zonedInstant(date, time, 'Asia/Kolkata');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: 'Asia/Kolkata' } as const;

// On a phone: the progress page's three charts render, each "Show as table" gives the numbers, axe is clean
// in light and dark. June 2037: a month no other test uses.
describe('progress charts in Chromium (phone, 390x844)', () => {
  let t: TestApp;
  let browser: Browser;
  let me: Player;

  const book = async (date: string, forfeitAmount: number, wakeUpTime = '06:00'): Promise<string> => {
    t.clock.set(ist(addDays(date, -1), '12:00'));
    const res = await t.http().post('/api/v1/challenges').set(me.auth).send({ challengeDate: date, wakeUpTime, forfeitAmount });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return res.body.challenge.id;
  };
  const settle = async (date: string) => {
    t.clock.set(ist(date, '09:00'));
    await t.app.get(CommandBus).execute(new CloseMissedChallengesCommand(date));
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
  };
  const openProgress = async (colorScheme: 'light' | 'dark'): Promise<Page> => {
    const context = await newContext(browser, { ...PHONE, colorScheme });
    await context.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, me.token);
    const page = await context.newPage();
    await page.clock.setFixedTime(t.clock.now());
    await page.goto(`${t.url}/progress`);
    await page.getByRole('heading', { level: 1, name: 'Your progress' }).waitFor(VISIBLE);
    return page;
  };

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    browser = await launchBrowser();
    t.clock.set(ist('2037-05-31', '10:00'));
    me = await fundedPlayer(t, 'Asha Progress', { paise: 100_000n, occupation: 'student' });
    // Mon 1 June: made it at 05:52; Tue 2 June: missed; Wed 3 and Mon 8 June (the next week): still to come.
    const first = await book('2037-06-01', 40);
    t.clock.set(ist('2037-06-01', '05:52'));
    await t.http().post('/api/v1/challenges/verify').set(me.auth).send({ challengeId: first, verificationMethod: 'MANUAL' }).expect(200);
    await settle('2037-06-01');
    await book('2037-06-02', 20);
    await settle('2037-06-02');
    await book('2037-06-03', 30);
    await book('2037-06-08', 25, '05:30');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('draws the year of mornings, the wake-up line and the money bars, and shows each as a table', async () => {
    const page = await openProgress('light');
    // the heatmap: a cell a day, each saying how the morning went
    await page.getByRole('img', { name: 'Mon 1 Jun: made it at 05:52' }).waitFor(VISIBLE);
    await page.getByRole('img', { name: 'Tue 2 Jun: missed (target 06:00)' }).waitFor(VISIBLE);
    await page.getByRole('img', { name: 'Wed 3 Jun: to come, target 06:00' }).waitFor(VISIBLE);
    await page.getByRole('img', { name: 'Thu 4 Jun: no challenge' }).waitFor(VISIBLE);
    expect(await page.getByTestId('heatmap').getByRole('img').count()).toBe(365);
    // the line chart and the bar chart are drawn
    const wakeChart = page.getByTestId('wake-chart');
    await wakeChart.locator('[data-series="target"] line').first().waitFor(VISIBLE); // the two weeks' targets joined
    expect(await wakeChart.locator('[data-series]').count()).toBe(2); // target and check-in
    expect(await wakeChart.locator('[data-series="target"] circle').count()).toBe(2); // two weeks' targets
    expect(await wakeChart.locator('[data-series="actual"] circle').count()).toBe(1); // one week's check-in
    expect(await wakeChart.locator('[data-series="actual"] title').textContent()).toBe('1 Jun: checked in 05:52');
    // May: ₹1,000 in, ₹40 out; June: ₹57 in, ₹75 out; the other months draw no bar
    const moneyChart = page.getByTestId('money-chart');
    await moneyChart.locator('rect[data-bar]').first().waitFor(VISIBLE);
    expect(await moneyChart.locator('rect[data-bar] title').allTextContents()).toEqual([
      'May: money in ₹1,000',
      'Jun: money in ₹57',
      'May: money out ₹40',
      'Jun: money out ₹75',
    ]);
    const heights = await moneyChart.locator('rect[data-bar]').evaluateAll((bars) => bars.map((b) => (b as SVGRectElement).getBBox().height));
    expect(heights[0]).toBeGreaterThan(heights[1] * 10); // ₹1,000 against ₹57
    await expectAccessible(page);
    // nothing but the heatmap's own scroller moves sideways on the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const section = (name: string) => page.getByRole('region', { name });
    const table = async (title: string) => {
      await section(title).getByRole('button', { name: 'Show as table' }).click();
      const t = section(title).getByRole('table');
      await t.waitFor(VISIBLE);
      return t;
    };
    const mornings = await table('Your mornings');
    expect(await mornings.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/^Date\s+How it went\s+Target\s+Checked in$/),
      expect.stringMatching(/^Mon 1 Jun\s+Made it\s+06:00\s+05:52:00$/),
      expect.stringMatching(/^Tue 2 Jun\s+Missed\s+06:00\s+—$/),
      expect.stringMatching(/^Wed 3 Jun\s+To come\s+06:00\s+—$/),
      expect.stringMatching(/^Mon 8 Jun\s+To come\s+05:30\s+—$/),
    ]);
    const wake = await table('Wake-up time against target');
    await wake.getByRole('row', { name: /^1 Jun\s+06:00\s+05:52$/ }).waitFor(VISIBLE);
    await wake.getByRole('row', { name: /^8 Jun\s+05:30\s+No check-in$/ }).waitFor(VISIBLE);
    const money = await table('Money in and out');
    // May: the ₹1,000 deposit and the ₹40 stake for 1 June (booked on 31 May); June: stakes 20 + 30 + 25, back 40 (made it)
    // + 17 (85% of the miss; no one to share the pool with)
    const rows = await money.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(13);
    const cells = (row: string) =>
      row
        .split(/\t|\n/)
        .map((c) => c.trim())
        .filter(Boolean);
    expect(cells(rows[0])).toEqual(['Month', 'Deposits', 'Withdrawals', 'Staked', 'Stakes back', 'Winnings', 'Money in', 'Money out', 'Net']);
    expect(cells(rows[5])).toEqual(['May', '₹1,000', '₹0', '₹40', '₹0', '₹0', '₹1,000', '₹40', '₹960']);
    expect(cells(rows[6])).toEqual(['Jun', '₹0', '₹0', '₹75', '₹57', '₹0', '₹57', '₹75', '-₹18']);
    expect(cells(rows[1])).toEqual(['Jan', '₹0', '₹0', '₹0', '₹0', '₹0', '₹0', '₹0', '₹0']);
    await expectAccessible(page);
    // and back to the chart
    await section('Money in and out').getByRole('button', { name: 'Show as chart' }).click();
    await page.getByTestId('money-chart').waitFor(VISIBLE);
    await page.context().close();
  });

  it('is readable in dark mode too (axe, charts and tables)', async () => {
    const page = await openProgress('dark');
    await page.getByRole('img', { name: 'Mon 1 Jun: made it at 05:52' }).waitFor(VISIBLE);
    await page.getByTestId('wake-chart').locator('[data-series="target"] line').first().waitFor(VISIBLE);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectAccessible(page);
    for (const title of ['Your mornings', 'Wake-up time against target', 'Money in and out']) {
      await page.getByRole('region', { name: title }).getByRole('button', { name: 'Show as table' }).click();
    }
    expect(await page.getByRole('table').count()).toBe(3);
    await expectAccessible(page);
    await page.context().close();
  });
});
