import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectAccessible, inEveryLook, launchBrowser, newContext } from '../setup/browser.js';
import { bearer, verifiedUser } from '../factories/users.js';
import { fundedPlayer, signedInContext, signInPage } from '../factories/players.js';
import { fund } from '../factories/wallet.js';

const VISIBLE = { state: 'visible', timeout: 15000 } as const;
const istDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

// Wallet journey: add funds through the sandbox checkout, see balance and transaction, withdraw by UPI.
describe('wallet in Chromium', () => {
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

  const signIn = (page: Page, token: string) => signInPage(t, page, token);

  it('adds funds through the sandbox checkout, sees balance and transaction, withdraws by UPI and sees fee and net', async () => {
    // A registered, verified user with a complete profile.
    const user = await verifiedUser(t, { fullName: 'Asha Rao' });
    const profile = await t
      .http()
      .put('/api/v1/auth/profile')
      .set(bearer(user))
      .send({ fullName: 'Asha Rao', phoneNumber: '9876543210', city: 'Pune', occupation: 'student', gender: 'Female', dateOfBirth: '1998-04-12' });
    expect(profile.status).toBe(200);

    const context = await newContext(browser, { colorScheme: 'light', timezoneId: 'America/New_York' });
    const page = await context.newPage();
    await signIn(page, user.token);

    await page.goto(t.url + '/wallet/transactions');
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor({ state: 'visible', timeout: 15000 });
    await page.getByText('No transactions yet.').waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(page);

    // Add funds: the modal, then the sandbox payment sheet.
    await page.getByRole('button', { name: 'Add Funds' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Amount/).fill('500');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Add Funds' }).click();
    await page.getByText('Sandbox checkout').waitFor({ state: 'visible', timeout: 10000 });
    await page.getByText(/^order_/).waitFor({ state: 'visible' });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay ₹500' }).click();
    await page.getByText('Payment successful').waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Done' }).click();

    // The balance and the transaction.
    await page.getByTestId('wallet-balance').filter({ hasText: '₹500' }).waitFor({ state: 'visible', timeout: 10000 });
    const deposit = page.getByTestId('transaction').first();
    await deposit.getByText('Money added', { exact: true }).waitFor({ state: 'visible', timeout: 10000 });
    expect(await deposit.getByTestId('transaction-amount').innerText()).toBe('+₹500');
    expect(await deposit.innerText()).toContain('Done');
    expect(await deposit.innerText()).toMatch(/IST/);
    await expectAccessible(page);

    // Dark mode passes too.
    await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));

    // Withdraw by UPI through the wizard.
    await page.getByRole('link', { name: 'Withdraw' }).click();
    await page.waitForURL(/\/withdraw$/);
    await page.getByText('Step 1 of 5: Amount').waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(page);
    await page.getByLabel(/Amount/).fill('50');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Minimum withdrawal amount is ₹100').waitFor({ state: 'visible' });
    await page.getByLabel(/Amount/).fill('200');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('Step 2 of 5: Method').waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: /^UPI/ }).click();

    await page.getByText('Step 3 of 5: Details').waitFor({ state: 'visible' });
    await page.getByLabel(/UPI ID/).fill('asha@okaxis');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('Step 4 of 5: Confirm').waitFor({ state: 'visible' });
    await page.getByText('₹198').waitFor({ state: 'visible' });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm Withdrawal' }).click();

    await page.getByText('Withdrawal request submitted successfully!').waitFor({ state: 'visible', timeout: 10000 });
    const details = await page.locator('main, body').first().innerText();
    expect(details).toMatch(/Processing fee\s*₹2\b/);
    expect(details).toMatch(/Net amount\s*₹198\b/);
    expect(details).toMatch(/Amount\s*₹200\b/);
    expect(details).toMatch(/Status\s*(Processing|Done)/);
    await expectAccessible(page);

    // The wallet agrees: ₹300 left and a −₹200 withdrawal at the top.
    const balance = await t.http().get('/api/v1/wallet/balance').set(bearer(user));
    expect(balance.body.data.balance).toBe(300);
    await page.goto(t.url + '/wallet/transactions');
    await page.getByTestId('wallet-balance').filter({ hasText: '₹300' }).waitFor({ state: 'visible', timeout: 10000 });
    expect(await page.getByTestId('transaction-amount').first().innerText()).toBe('−₹200');
    await context.close();
  }, 120000);

  it(' transactions in pages, filtered by type and date, a CSV statement; on a phone and a desktop, light and dark', async () => {
    // ₹500, then twenty deposits of ₹12.50: 21 lines, one more than a page.
    const p = await fundedPlayer(t, 'Ravi Iyer', { paise: 50_000n, occupation: 'student' });
    for (let i = 0; i < 20; i++) await fund(t, p.userId, 1_250n);
    const today = istDate(t.clock.now());
    const yesterday = istDate(new Date(t.clock.now().getTime() - 86_400_000));
    const { context, page } = await signedInContext(t, browser, p.token);
    await page.goto(t.url + '/wallet/transactions');
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor(VISIBLE);
    await page.getByTestId('wallet-balance').filter({ hasText: '₹750' }).waitFor(VISIBLE);
    const range = page.getByTestId('transactions-range');
    await range.filter({ hasText: '1–20 of 21' }).waitFor(VISIBLE);
    const amounts = page.getByTestId('transaction-amount');
    // One money formatter: paise only when not whole.
    expect(await amounts.first().innerText()).toBe('+₹12.50');
    const pages = page.getByRole('navigation', { name: 'Transaction pages' });
    await inEveryLook(page, async (look) => {
      await pages.getByRole('button', { name: 'Next' }).waitFor(VISIBLE);
      expect(await page.getByTestId('transaction').count()).toBe(20);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);
    });

    await pages.getByRole('button', { name: 'Next' }).click();
    await range.filter({ hasText: '21–21 of 21' }).waitFor(VISIBLE);
    expect(await amounts.allInnerTexts()).toEqual(['+₹500']);

    // A filter starts again at the first page; a type or a day with nothing says so.
    await page.getByLabel('Type', { exact: true }).selectOption('WITHDRAWAL');
    await page.getByText('No transactions match these filters.').waitFor(VISIBLE);
    await page.getByLabel('Type', { exact: true }).selectOption('DEPOSIT');
    await range.filter({ hasText: '1–20 of 21' }).waitFor(VISIBLE);
    await page.getByLabel('From', { exact: true }).fill(yesterday);
    await page.getByLabel('To', { exact: true }).fill(yesterday);
    await page.getByText('No transactions match these filters.').waitFor(VISIBLE);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('From', { exact: true }).fill(today);
    await range.filter({ hasText: '1–20 of 21' }).waitFor(VISIBLE);

    // The statement of the dates chosen, as CSV: opening balance, every line with its running balance, closing balance.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download statement (CSV)' }).click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(csv[0]).toBe('Date (IST),Time (IST),Type,Description,Reference,Status,Amount (INR),Balance (INR)');
    expect(csv[1]).toMatch(new RegExp(`^${today},00:00:00,Opening balance,.*,0\\.00$`));
    expect(csv.filter((row) => row.includes(',Deposit,'))).toHaveLength(21);
    expect(csv[csv.length - 1]).toMatch(new RegExp(`^${today},23:59:59,Closing balance,.*,750\\.00$`));
    await page
      .getByRole('status')
      .filter({ hasText: `Saved ${download.suggestedFilename()}` })
      .waitFor(VISIBLE);
    await inEveryLook(page, async (look) => {
      await page.getByLabel('From', { exact: true }).waitFor(VISIBLE);
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(today);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);
    });
    await context.close();
  }, 120000);
});
