import { CommandBus } from '@nestjs/cqrs';
import type { Browser, Page } from 'playwright-core';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { fundedPlayer, signedInContext, type Player } from '../factories/players.js';
import { expectAccessible, inEveryLook, launchBrowser } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const istDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

describe('a settled test day in Chromium: winnings, receipt and transactions', () => {
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

  const player = (fullName: string): Promise<Player> => fundedPlayer(t, fullName, { paise: 50000n, occupation: 'working-professional' });

  const signedIn = (p: Player, colorScheme: 'light' | 'dark' = 'light') => signedInContext(t, browser, p.token, colorScheme);

  async function testChallenge(p: Player): Promise<string> {
    const res = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(p.auth).send({});
    expect(res.status).toBe(201);
    return res.body.challengeId;
  }

  it('the winner sees the winnings and the receipt; the transactions page shows Winnings and Stake back', async () => {
    // A day of its own (no other spec uses January 2026), so other journeys in the same database never join this pool;
    // at noon in India, so the minutes the journey moves the clock never cross an Indian midnight.
    t.clock.set(new Date('2026-01-21T06:30:00Z'));
    const today = istDate.format(new Date(t.clock.now().getTime() + 2 * 60_000));
    const [winner, other, late1, late2] = await Promise.all([player('Priya Shah'), player('Dev Mehta'), player('Kiran Das'), player('Anil Roy')]);

    // The winner plays in the browser: a test challenge from the testing-mode box, checked in inside its window.
    const { context, page } = await signedIn(winner);
    await page.goto(t.url + '/dashboard');
    await page.getByRole('heading', { level: 1, name: /Priya!/ }).waitFor({ state: 'visible', timeout: 15000 });
    await page.getByTestId('test-mode-box').getByRole('button', { name: 'Create Test Challenge' }).click();
    const card = page.getByTestId('today-card');
    await card.getByRole('button', { name: 'Check In' }).click();
    await card.getByTestId('today-label').filter({ hasText: 'Challenge Completed!' }).waitFor({ state: 'visible' });

    // One more on time (through the API), two who sleep through.
    const otherId = await testChallenge(other);
    const ok = await t.http().post('/api/v1/challenges/verify').set(other.auth).send({ challengeId: otherId, verificationMethod: 'MANUAL' });
    expect(ok.status).toBe(200);
    await testChallenge(late1);
    await testChallenge(late2);

    // After the window: settle the day as the worker and the CLI do.
    t.clock.advance(15 * 60_000);
    const result = await t.app.get(CommandBus).execute(new SettleDateCommand(today));
    expect(result.batches.map((b) => b.status)).toEqual(['SETTLED']);
    expect(result.batches[0].participants).toBe(4);

    // Two failures pool 2 × ₹3.75; two equal winners get ₹3.75 each: winningsAmount is the ₹25 stake back plus that share.
    await page.clock.setFixedTime(t.clock.now());
    await page.reload();
    await card.getByTestId('today-label').filter({ hasText: 'Challenge Completed!' }).waitFor({ state: 'visible', timeout: 15000 });
    await card.getByTestId('winnings-message').filter({ hasText: 'Stake back ₹25 · winnings ₹3.75' }).waitFor({ state: 'visible' });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹503.75' }).waitFor({ state: 'visible' });

    await card.getByRole('button', { name: 'How your winnings were computed' }).click();
    const receipt = page.getByRole('dialog', { name: 'How your winnings were computed' });
    await receipt.getByTestId('receipt-pool').filter({ hasText: '₹7.50' }).waitFor({ state: 'visible', timeout: 10000 });
    await receipt.getByTestId('your-line').filter({ hasText: 'Stake back ₹25 · winnings ₹3.75 · net +₹3.75' }).waitFor();
    await expectAccessible(page);
    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await receipt.waitFor({ state: 'hidden' });

    // The day is in the receipts list too, worded for a win, on a phone and a desktop, light and dark.
    const entry = page.getByTestId('settlement-receipts').locator(`[data-testid="receipt-entry"][data-date="${today}"]`);
    await inEveryLook(page, async (look) => {
      await entry.scrollIntoViewIfNeeded();
      await entry.getByRole('button', { name: /How your winnings were computed/ }).waitFor({ state: 'visible', timeout: 10000 });
      expect(await entry.getAttribute('data-outcome')).toBe('WON');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);
    });

    await page.goto(t.url + '/wallet/transactions');
    const tx = page.getByTestId('transaction');
    await tx.filter({ hasText: 'Winnings' }).filter({ hasText: '+₹3.75' }).first().waitFor({ state: 'visible', timeout: 15000 });
    await tx.filter({ hasText: 'Stake back' }).filter({ hasText: '+₹25' }).first().waitFor({ state: 'visible' });
    await expectAccessible(page);
    await context.close();

    // A loser: 85% back, as a REFUND line, and the failure on the dashboard (dark theme this time).
    const loser = await signedIn(late1, 'dark');
    await loser.page.goto(t.url + '/dashboard');
    const loserCard = loser.page.getByTestId('today-card');
    await loserCard.getByTestId('today-label').filter({ hasText: 'Challenge Failed' }).waitFor({ state: 'visible', timeout: 15000 });
    await loserCard.getByTestId('refund-message').filter({ hasText: 'Settled: ₹21.25 back · ₹3.75 to the pool.' }).waitFor();
    await loserCard.getByText('Actual forfeit: ₹3.75').waitFor();
    await expectAccessible(loser.page);
    // The loser's receipts list says what happened to the stake, never winnings.
    const missed = loser.page.getByTestId('settlement-receipts').locator(`[data-testid="receipt-entry"][data-date="${today}"]`);
    await missed.getByRole('button', { name: /What happened to your stake/ }).waitFor({ state: 'visible', timeout: 10000 });
    expect(await missed.getAttribute('data-outcome')).toBe('MISSED');
    await loser.page.goto(t.url + '/wallet/transactions');
    await loser.page
      .getByTestId('transaction')
      .filter({ hasText: 'Back after a miss' })
      .filter({ hasText: '+₹21.25' })
      .first()
      .waitFor({ state: 'visible', timeout: 15000 });
    await loser.context.close();
  });
});
