import { CommandBus } from '@nestjs/cqrs';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { fundedPlayer, signedInContext, type Player } from '../factories/players.js';
import { completeUser } from '../factories/users.js';
import { fund } from '../factories/wallet.js';
import { EVERY_LOOK, expectAccessible, inEveryLook, launchBrowser, PHONE_VIEWPORT, type Look } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

// On a phone (390×844), light and dark: one morning tells one story on every money screen (today's card,
// the history with its net result, the transactions), the review dialog shows the upside before the stake, and the
// whole balance can always leave ("Withdraw everything", "Withdraw ₹98.50 and close").

const VISIBLE = { state: 'visible', timeout: 15000 } as const;
const PHONE_LOOKS: readonly Look[] = EVERY_LOOK.filter((l) => l.viewport.width === PHONE_VIEWPORT.width);
const istDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

// three mornings through a real browser, light and dark, on a machine shared with the rest of the suite
jest.setTimeout(180_000);

describe('money words on a phone', () => {
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

  const player = (name: string): Promise<Player> => fundedPlayer(t, name, { paise: 50000n, occupation: 'working-professional' });

  async function phonePage(p: { token: string }, colorScheme: 'light' | 'dark'): Promise<{ page: Page; close: () => Promise<void> }> {
    const { context, page } = await signedInContext(t, browser, p.token, colorScheme);
    await page.setViewportSize(PHONE_VIEWPORT);
    return { page, close: () => context.close() };
  }

  async function testChallenge(p: Player, checkIn: boolean): Promise<string> {
    const res = await t.http().post('/api/v1/test/challenges/create-test-challenge').set(p.auth).send({});
    expect(res.status).toBe(201);
    if (checkIn) {
      const ok = await t.http().post('/api/v1/challenges/verify').set(p.auth).send({ challengeId: res.body.challengeId, verificationMethod: 'MANUAL' });
      expect(ok.status).toBe(200);
    }
    return res.body.challengeId;
  }

  /** A test day at noon IST on `day`: the given players stake ₹25 each, the winners check in, then the day settles. */
  async function settleDay(day: string, winners: Player[], losers: Player[]): Promise<void> {
    t.clock.set(new Date(`${day}T06:30:00Z`));
    const today = istDate(new Date(t.clock.now().getTime() + 2 * 60_000));
    for (const w of winners) await testChallenge(w, true);
    for (const l of losers) await testChallenge(l, false);
    t.clock.advance(15 * 60_000);
    const result = await t.app.get(CommandBus).execute(new SettleDateCommand(today));
    expect(result.batches.map((b: { status: string }) => b.status)).toContain('SETTLED');
  }

  const noSidewaysScroll = async (page: Page, look: Look) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);

  it('the landing page says the rules before any payment, in the server’s words (GET /config)', async () => {
    const rules = (await t.http().get('/api/v1/config').expect(200)).body.data.rules as { minBalanceRule: string };
    expect(rules.minBalanceRule).toMatch(/₹50/);
    const { context, page } = await signedInContext(t, browser, '', 'light');
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto(`${t.url}/`);
    const list = page.getByTestId('landing-rules');
    await list.scrollIntoViewIfNeeded();
    await list.filter({ hasText: rules.minBalanceRule }).waitFor(VISIBLE);
    const text = await list.innerText();
    expect(text).toContain('Stake ₹10 to ₹100 a morning.');
    expect(text).toContain('Wake-up times from 4:00 AM to 7:00 AM IST');
    expect(text).toContain('Withdraw from ₹100 (fee ₹2 by UPI, ₹5 by bank transfer).');
    expect(text).toContain('You can always withdraw your whole balance');
    await inEveryLook(page, (look) => noSidewaysScroll(page, look), PHONE_LOOKS);
    await context.close();
  });

  it('a win with a share, a miss, and a win with nobody missing: card, history (net, gross on tap) and transactions say the same', async () => {
    const [asha, ravi, meera] = await Promise.all([player('Asha Money'), player('Ravi Money'), player('Meera Money')]);
    // Day 1: Asha wakes, Ravi sleeps through: Ravi's ₹3.75 is Asha's share.
    await settleDay('2034-03-14', [asha], [ravi]);

    const api = (await t.http().get('/api/v1/challenges/status/PROCESSED').set(asha.auth)).body.challenges as { netResult: number; poolShare: number }[];
    expect(api[0]).toMatchObject({ netResult: 3.75, poolShare: 3.75 });

    const a = await phonePage(asha, 'light');
    await a.page.clock.setFixedTime(t.clock.now());
    await a.page.goto(`${t.url}/dashboard`);
    const card = a.page.getByTestId('today-card');
    await card.getByTestId('winnings-message').filter({ hasText: 'Stake back ₹25 · winnings ₹3.75' }).waitFor(VISIBLE);
    expect(await card.innerText()).not.toMatch(/PROCESSED|You won/);
    await card.getByText('Settled', { exact: true }).waitFor(VISIBLE);
    const history = a.page.getByTestId('history-list');
    await history.scrollIntoViewIfNeeded();
    await history.getByTestId('history-net').filter({ hasText: '+₹3.75' }).first().waitFor(VISIBLE);
    await inEveryLook(
      a.page,
      async (look) => {
        await card.getByTestId('winnings-message').filter({ hasText: 'Stake back ₹25 · winnings ₹3.75' }).waitFor(VISIBLE);
        await history.getByTestId('history-net').filter({ hasText: '+₹3.75' }).first().waitFor(VISIBLE);
        await noSidewaysScroll(a.page, look);
      },
      PHONE_LOOKS,
    );
    // the gross lines on tap
    await history.getByTestId('history-words').first().click();
    const gross = history.getByTestId('history-gross').first();
    await gross.waitFor(VISIBLE);
    expect((await gross.innerText()).replace(/\s+/g, ' ')).toMatch(/Staked −₹25 Stake back \+₹25 Winnings \+₹3\.75 Net \+₹3\.75/);

    await a.page.goto(`${t.url}/wallet/transactions`);
    const tx = a.page.getByTestId('transaction');
    await tx.filter({ hasText: 'Winnings' }).filter({ hasText: '+₹3.75' }).first().waitFor(VISIBLE);
    await tx.filter({ hasText: 'Stake back' }).filter({ hasText: '+₹25' }).first().waitFor(VISIBLE);
    const listed = await a.page.getByRole('list', { name: 'Transactions' }).innerText();
    expect(listed).not.toMatch(/\bRefund\b|SUCCESS|PENDING/);
    await inEveryLook(a.page, (look) => noSidewaysScroll(a.page, look), PHONE_LOOKS);
    await a.close();

    // Ravi, in dark: what came back, what went to the pool, and the net loss.
    const r = await phonePage(ravi, 'dark');
    await r.page.clock.setFixedTime(t.clock.now());
    await r.page.goto(`${t.url}/dashboard`);
    const rcard = r.page.getByTestId('today-card');
    await rcard.getByTestId('refund-message').filter({ hasText: 'Settled: ₹21.25 back · ₹3.75 to the pool.' }).waitFor(VISIBLE);
    const rhistory = r.page.getByTestId('history-list');
    await rhistory.scrollIntoViewIfNeeded();
    await rhistory.getByTestId('history-net').filter({ hasText: '−₹3.75' }).first().waitFor(VISIBLE);
    await rhistory.getByTestId('history-words').filter({ hasText: '₹21.25 back · ₹3.75 to the pool' }).first().waitFor(VISIBLE);
    await inEveryLook(r.page, (look) => noSidewaysScroll(r.page, look), PHONE_LOOKS);
    await r.page.goto(`${t.url}/wallet/transactions`);
    await r.page.getByTestId('transaction').filter({ hasText: 'Back after a miss' }).filter({ hasText: '+₹21.25' }).first().waitFor(VISIBLE);
    await r.close();

    // Day 2: Meera alone, on time: nobody missed, so no winnings — and never "You won".
    await settleDay('2034-03-15', [meera], []);
    const m = await phonePage(meera, 'light');
    await m.page.clock.setFixedTime(t.clock.now());
    await m.page.goto(`${t.url}/dashboard`);
    const mcard = m.page.getByTestId('today-card');
    await mcard.getByTestId('winnings-message').filter({ hasText: 'Stake back ₹25 · winnings ₹0' }).waitFor(VISIBLE);
    expect(await mcard.innerText()).not.toMatch(/won/i);
    const mhistory = m.page.getByTestId('history-list');
    await mhistory.scrollIntoViewIfNeeded();
    expect(await mhistory.getByTestId('history-net').first().innerText()).toBe('₹0');
    await inEveryLook(m.page, (look) => noSidewaysScroll(m.page, look), PHONE_LOOKS);
    await expectAccessible(m.page);
    await m.close();
  });

  it('the review dialog: the staked morning’s pool, an estimated share, and who gets what when everyone or nobody wakes', async () => {
    t.clock.set(new Date('2034-03-20T06:30:00Z'));
    const [kiran, other] = await Promise.all([player('Kiran Review'), player('Other Review')]);
    const tomorrow = '2034-03-21';
    const staked = await t.http().post('/api/v1/challenges').set(other.auth).send({ challengeDate: tomorrow, wakeUpTime: '06:00', forfeitAmount: 40 });
    expect(staked.status).toBe(201);
    const pool = (await t.http().get(`/api/v1/challenges/pool?date=${tomorrow}`).set(kiran.auth).expect(200)).body.data as { players: number; pool: number };
    expect(pool.players).toBe(1);

    const k = await phonePage(kiran, 'light');
    await k.page.clock.setFixedTime(t.clock.now());
    await k.page.goto(`${t.url}/challenge`);
    const form = k.page.getByRole('form', { name: 'Create challenge' });
    await form.getByTestId('create-balance').filter({ hasText: '₹500' }).waitFor(VISIBLE);
    await form.getByLabel('Challenge date').selectOption(tomorrow);
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    const review = k.page.getByRole('alertdialog', { name: 'Review your stake' });
    await review
      .getByTestId('review-morning-pool')
      .filter({ hasText: `₹${pool.pool} from 1 player` })
      .waitFor(VISIBLE);
    expect(await review.getByTestId('review-morning-pool').locator('xpath=..').innerText()).toContain('Pool so far on');
    await review
      .getByTestId('review-estimated-share')
      .filter({ hasText: /about ₹[\d.]+ on top of your stake/ })
      .waitFor(VISIBLE);
    await review.getByTestId('review-everyone-wakes').filter({ hasText: 'Nobody wins extra; everyone gets their stake back.' }).waitFor(VISIBLE);
    await review.getByTestId('review-nobody-wakes').filter({ hasText: 'Everyone gets 85% back; the pool goes to WakeStake' }).waitFor(VISIBLE);
    await review.getByText('₹21.25 (85%) comes back by 3 PM; ₹3.75 goes to the pool for those who woke up.').waitFor(VISIBLE);
    expect(await review.getByRole('link', { name: 'See a worked example' }).getAttribute('href')).toBe('/help#example');
    await inEveryLook(
      k.page,
      async (look) => {
        await review.getByTestId('review-everyone-wakes').waitFor(VISIBLE);
        await noSidewaysScroll(k.page, look);
      },
      PHONE_LOOKS,
    );
    // nothing staked until Confirm
    expect((await t.http().get('/api/v1/challenges').set(kiran.auth)).body.challenges).toHaveLength(0);
    await k.close();
  });

  it('Withdraw everything: ₹30.50 leaves whole, with no fee, and the transactions show amount, fee and net', async () => {
    t.clock.set(new Date('2034-03-22T06:30:00Z'));
    const u = await completeUser(t, { fullName: 'Asha Whole' });
    await fund(t, u.userId, 3050n);
    const w = await phonePage(u, 'light');
    await w.page.goto(`${t.url}/withdraw`);
    await w.page.getByTestId('withdraw-rules').filter({ hasText: 'can always be withdrawn' }).waitFor(VISIBLE);
    const everything = w.page.getByRole('button', { name: /Withdraw everything \(₹30\.50\)/ });
    await everything.waitFor(VISIBLE);
    expect(await everything.innerText()).toContain('no fee');
    await inEveryLook(
      w.page,
      async (look) => {
        await everything.waitFor(VISIBLE);
        await noSidewaysScroll(w.page, look);
      },
      PHONE_LOOKS,
    );
    await everything.click();
    await w.page.getByText('Step 2 of 5: Method').waitFor(VISIBLE);
    await w.page.getByText(/Fee ₹0 · Instant/).waitFor(VISIBLE);
    await w.page.getByRole('button', { name: /^UPI/ }).click();
    await w.page.getByLabel(/UPI ID/).fill('asha@okaxis');
    await w.page.getByRole('button', { name: 'Continue' }).click();
    await w.page.getByTestId('withdraw-fee').filter({ hasText: '₹0' }).waitFor(VISIBLE);
    await w.page.getByTestId('withdraw-net').filter({ hasText: '₹30.50' }).waitFor(VISIBLE);
    await w.page.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await w.page.getByText('Withdrawal request submitted successfully!').waitFor(VISIBLE);
    const details = await w.page.locator('main').first().innerText();
    expect(details).toMatch(/Net amount\s*₹30\.50/);
    expect(details).toMatch(/Status\s*(Processing|Done)/);
    expect(
      (
        await t
          .http()
          .get('/api/v1/wallet/balance')
          .set({ Authorization: `Bearer ${u.token}` })
      ).body.data.balance,
    ).toBe(0);

    await w.page.goto(`${t.url}/wallet/transactions`);
    const line = w.page.getByTestId('transaction').filter({ hasText: 'Withdrawal' }).first();
    await line.getByTestId('withdrawal-breakdown').filter({ hasText: '₹30.50 − ₹0 fee = ₹30.50 paid out' }).waitFor(VISIBLE);
    expect(await line.getByTestId('transaction-amount').innerText()).toBe('−₹30.50');
    await inEveryLook(w.page, (look) => noSidewaysScroll(w.page, look), PHONE_LOOKS);
    await w.close();
  });

  it('closing an account with ₹98.50: the rule up front, "Withdraw ₹98.50 and close", and the account closes once the payout is done', async () => {
    t.clock.set(new Date('2034-03-23T06:30:00Z'));
    const u = await completeUser(t, { fullName: 'Ravi Close' });
    await fund(t, u.userId, 9850n);
    const c = await phonePage(u, 'dark');
    await c.page.goto(`${t.url}/settings`);
    await c.page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = c.page.getByRole('alertdialog', { name: 'Delete your account?' });
    const rule = dialog.getByTestId('close-rule');
    await rule.filter({ hasText: 'To close, your balance must be ₹0' }).filter({ hasText: 'Your wallet holds ₹98.50' }).waitFor(VISIBLE);
    expect(await rule.innerText()).toContain('no fee below ₹100');
    const go = dialog.getByRole('button', { name: 'Withdraw ₹98.50 and close' });
    await inEveryLook(
      c.page,
      async (look) => {
        await go.waitFor(VISIBLE);
        await noSidewaysScroll(c.page, look);
      },
      PHONE_LOOKS,
    );
    await dialog.getByLabel('UPI ID').fill('ravi@okicici');
    await go.click();
    await dialog.getByTestId('close-progress').waitFor(VISIBLE);

    // The payout job pays it (as the worker does); the dialog sees it done and closes the account.
    const ds = t.app.get(DataSource);
    let id: string | undefined;
    for (let i = 0; i < 100 && !id; i++) {
      [{ id } = { id: undefined }] = (await ds.query(`SELECT id, amount, fee FROM withdrawals WHERE user_id = $1`, [u.userId])) as { id: string }[];
      if (!id) await new Promise((r) => setTimeout(r, 100));
    }
    const [row] = (await ds.query(`SELECT amount, fee FROM withdrawals WHERE id = $1`, [id])) as { amount: string; fee: string }[];
    expect(row).toEqual({ amount: '9850', fee: '0' });
    await t.app.get(CommandBus).execute(new ProcessPayoutCommand(id!));
    await c.page.waitForURL(`${t.url}/`, { timeout: 20000 });
    const gone = await t
      .http()
      .get('/api/v1/auth/profile')
      .set({ Authorization: `Bearer ${u.token}` });
    expect(gone.status).toBe(401);
    await c.close();
  });
});
