import type { Browser } from 'playwright-core';
import { CommandBus } from '@nestjs/cqrs';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectAccessible, launchBrowser, newContext } from '../setup/browser.js';
import { completeUser } from '../factories/users.js';
import { fund } from '../factories/wallet.js';
import { signInPage } from '../factories/players.js';
import { FakeIfscApi } from '../factories/fake-ifsc.js';
import { IfscConfig } from '../../src/modules/wallet/infrastructure/ifsc/ifsc-directory.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { PAYOUTS_QUEUE } from '../../src/modules/wallet/jobs/payouts.processor.js';

const VISIBLE = { state: 'visible', timeout: 15000 } as const;

// On a phone: bank details checked as they are typed (IFSC format, branch lookup, account number twice),
// and the account of a paid withdrawal offered next time.
describe('bank details and saved payout methods in Chromium (phone)', () => {
  let t: TestApp;
  let browser: Browser;
  let ifsc: FakeIfscApi;
  // No worker here: the test pays the withdrawal itself with the payout command.
  const queue = { add: async () => undefined };
  beforeAll(async () => {
    ifsc = await new FakeIfscApi().start();
    t = await createTestApp({
      listen: true,
      override: (b) => b.overrideProvider(IfscConfig).useValue(new IfscConfig(ifsc.url, 2000)).overrideProvider(getQueueToken(PAYOUTS_QUEUE)).useValue(queue),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await ifsc?.stop();
  });

  it('says a bad IFSC at once, shows the branch, catches mismatched account numbers, and offers the paid account next time', async () => {
    const user = await completeUser(t, { fullName: 'Meera Iyer' });
    const userId = user.userId;
    await fund(t, userId, 100_000n);

    const context = await newContext(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      colorScheme: 'light',
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    await signInPage(t, page, user.token);

    const toBankDetails = async () => {
      await page.getByText('Step 1 of 5: Amount').waitFor(VISIBLE);
      await page.getByLabel(/Amount/).fill('300');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Step 2 of 5: Method').waitFor(VISIBLE);
      await page.getByRole('button', { name: /^Bank transfer/ }).click();
      await page.getByText('Step 3 of 5: Details').waitFor(VISIBLE);
    };
    await page.goto(t.url + '/withdraw');
    await toBankDetails();

    // A bad IFSC: the message shows while typing, before any Continue.
    const ifscField = page.getByLabel(/IFSC code/);
    await ifscField.pressSequentially('hdfc1');
    expect(await ifscField.inputValue()).toBe('HDFC1');
    await page.getByText(/Please enter a valid IFSC code/).waitFor(VISIBLE);

    // A good one: the branch shows under the field, looked up through the server.
    await ifscField.fill('');
    await ifscField.pressSequentially('hdfc0001234');
    await page.getByTestId('ifsc-branch').filter({ hasText: 'HDFC Bank, KHAR WEST, MUMBAI' }).waitFor(VISIBLE);
    expect(await page.getByText(/Please enter a valid IFSC code/).count()).toBe(0);
    expect(ifsc.requests).toContain('HDFC0001234');

    // Account numbers that differ: said at once; fixed, it goes away.
    await page.getByLabel(/Account holder name/).fill('Meera Iyer');
    await page.getByLabel(/^Account number/).fill('501004455667788');
    await page.getByLabel(/Re-enter account number/).pressSequentially('501004455667789');
    await page.getByText('Account numbers do not match').waitFor(VISIBLE);
    await expectAccessible(page);
    await page.getByLabel(/Re-enter account number/).fill('501004455667788');
    await page.getByText('Account numbers do not match').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Use HDFC Bank as the bank name' }).click();
    expect(await page.getByLabel(/Bank name/).inputValue()).toBe('HDFC Bank');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('Step 4 of 5: Confirm').waitFor(VISIBLE);
    await page.getByText('₹295').waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await page.getByText('Withdrawal request submitted successfully!').waitFor(VISIBLE);

    // The payout is paid: its account becomes a saved payout method.
    const ds = t.app.get(DataSource);
    const [first] = (await ds.query(`SELECT id FROM withdrawals WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [userId])) as { id: string }[];
    expect(await t.app.get(CommandBus).execute(new ProcessPayoutCommand(first.id))).toEqual({ status: 'SUCCESS', changed: true });
    for (let i = 0; i < 50 && !(await ds.query(`SELECT 1 FROM payout_methods WHERE user_id = $1`, [userId])).length; i++)
      await new Promise((r) => setTimeout(r, 50));

    // Next time: the saved account is offered, and the withdrawal goes to it without typing it again.
    await page.getByRole('button', { name: 'Make Another Withdrawal' }).click();
    await toBankDetails();
    const useSaved = page.getByRole('button', { name: 'Use saved: HDFC Bank ••••7788' });
    await useSaved.waitFor(VISIBLE);
    expect(await page.locator('body').innerText()).not.toContain('501004455667788');
    await expectAccessible(page);
    await useSaved.click();
    await page.getByTestId('saved-choice').filter({ hasText: 'Paying to HDFC Bank ••••7788' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 4 of 5: Confirm').waitFor(VISIBLE);
    await page.getByText('Meera Iyer · HDFC Bank ••••7788 · HDFC0001234').waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Confirm Withdrawal' }).click();
    await page.getByText('Withdrawal request submitted successfully!').waitFor(VISIBLE);
    const rows = (await ds.query(
      `SELECT bank_account_number, ifsc_code, account_holder_name, amount::text FROM withdrawals WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    )) as unknown[];
    expect(rows).toEqual([
      { bank_account_number: '501004455667788', ifsc_code: 'HDFC0001234', account_holder_name: 'Meera Iyer', amount: '30000' },
      { bank_account_number: '501004455667788', ifsc_code: 'HDFC0001234', account_holder_name: 'Meera Iyer', amount: '30000' },
    ]);
    // Paid out the second time too, so nothing is left pending.
    const [second] = (await ds.query(`SELECT id FROM withdrawals WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [userId])) as { id: string }[];
    expect((await t.app.get(CommandBus).execute(new ProcessPayoutCommand(second.id))).status).toBe('SUCCESS');
    await context.close();
  }, 120000);
});
