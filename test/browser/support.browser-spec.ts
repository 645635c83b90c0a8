import type { Browser, Page } from 'playwright-core';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectAccessible, launchBrowser, newContext } from '../setup/browser.js';
import { bearer, makeAdult, verifiedUser } from '../factories/users.js';
import { signInPage } from '../factories/players.js';
import { grantRoleCommand } from '../../src/modules/identity/identity.cli.js';
import { settleCli } from '../../src/modules/settlement/settlement.cli.js';

const istDate = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

// Support console: explain a user's rupees from the ledger (deposit, stake, 85% refund, pool), receipts, ledger health.
describe('support console in Chromium', () => {
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

  it('finds a user who deposited, failed a challenge and was settled; shows the ledger, the receipt and a passing verify', async () => {
    // The customer: ₹500 in through the sandbox checkout, a ₹100 challenge yesterday that failed, settled. Yesterday is a
    // day of this journey's own (no other spec uses January 2026), so its receipt holds this challenge alone.
    t.clock.set(new Date('2026-01-28T06:30:00Z'));
    const customer = await verifiedUser(t, { fullName: 'Ravi Kumar' });
    await makeAdult(t, customer); // money needs an adult on file
    await t
      .http()
      .put('/api/v1/auth/profile')
      .set(bearer(customer))
      .send({ fullName: 'Ravi Kumar', phoneNumber: '9876501234', city: 'Delhi', occupation: 'student' });
    const order = await t.http().post('/api/v1/wallet/deposit').set(bearer(customer)).send({ amount: 500 });
    expect(order.status).toBe(201);
    const paid = await t.http().post('/api/v1/wallet/sandbox/checkout').set(bearer(customer)).send({ orderId: order.body.data.orderId });
    expect(paid.status).toBe(200);
    const verified = await t
      .http()
      .post('/api/v1/wallet/verify-payment')
      .set(bearer(customer))
      .send({ orderId: paid.body.razorpay_order_id, paymentId: paid.body.razorpay_payment_id, signature: paid.body.razorpay_signature });
    expect(verified.status).toBe(200);

    const yesterday = istDate(new Date(t.clock.now().getTime() - 24 * 3600_000));
    const challenge = await t
      .http()
      .post('/api/v1/test/challenges/create-test-challenge')
      .set(bearer(customer))
      .send({ challengeDate: yesterday, wakeUpTime: '06:00', forfeitAmount: 100, status: 'FAILED' });
    expect([200, 201]).toContain(challenge.status);
    expect(await settleCli.run(t.app, [yesterday])).toBe(0);
    const balance = await t.http().get('/api/v1/wallet/balance').set(bearer(customer));
    expect(balance.body.data.balance).toBe(485);

    // Staff: a SUPPORT role through the identity CLI command, then a fresh login for a token carrying it.
    const staff = await verifiedUser(t, { fullName: 'Sita Support' });
    expect(await grantRoleCommand.run(t.app, [staff.email, 'SUPPORT'])).toBe(0);
    const login = await t.http().post('/api/v1/auth/login').send({ email: staff.email, password: staff.password });
    expect(login.status).toBe(200);
    t.clock.set(new Date()); // the console's "Ran at … (just now)" is read by a browser on the real clock

    const context = await newContext(browser, { colorScheme: 'light' });
    const page = await context.newPage();
    await signIn(page, login.body.token);
    await page.goto(t.url + '/support');
    await page.getByRole('heading', { level: 1, name: 'Support console' }).waitFor({ state: 'visible', timeout: 15000 });
    await expectAccessible(page);

    // Find the customer and open their ledger.
    await page.getByLabel('Email, name, phone or user id').fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Open ${customer.email}` }).click();
    await page.getByTestId('support-user').waitFor({ state: 'visible', timeout: 10000 });
    const entries = page.getByTestId('ledger-entry');
    await entries.first().waitFor({ state: 'visible', timeout: 10000 });
    expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')))).toEqual(['DEPOSIT', 'CHALLENGE_STAKE', 'STAKE_REFUNDED']);
    expect(await page.getByTestId('running-balance').allInnerTexts()).toEqual(['Balance after: ₹500.00', 'Balance after: ₹400.00', 'Balance after: ₹485.00']);
    expect(await entries.nth(0).innerText()).toContain(`Razorpay payment: ${paid.body.razorpay_payment_id}`);
    expect(await entries.nth(0).innerText()).toContain(`Razorpay order: ${order.body.data.orderId}`);
    expect(await entries.nth(1).getByTestId('entry-amount').innerText()).toBe('−₹100.00');
    expect(await entries.nth(2).innerText()).toContain('(85% of the stake)');
    expect(await entries.nth(2).getByTestId('entry-amount').innerText()).toBe('+₹85.00');
    expect(await page.getByTestId('pool-movement').innerText()).toContain('₹15.00');
    expect(await page.getByTestId('ledger-ending').innerText()).toContain('Running balance ends at ₹485.00; wallet balance ₹485.00 (they match)');
    await expectAccessible(page);

    // Profile, streak, challenges and the access record (this very look-up is in it).
    const accessLog = page.getByTestId('access-log');
    await accessLog.getByText(staff.email).first().waitFor({ state: 'visible', timeout: 10000 });
    expect(await page.getByTestId('support-user').innerText()).toMatch(/Streak/);

    // The challenge's story, with its settlement receipt line.
    await entries.nth(2).getByRole('button', { name: 'Challenge story' }).click();
    const story = page.getByTestId('challenge-story');
    await story.getByText('Receipt line', { exact: true }).waitFor({ state: 'visible', timeout: 10000 });
    const storyText = await story.innerText();
    expect(storyText).toContain('refund ₹85.00');
    expect(storyText).toContain('to the pool ₹15.00');
    expect(storyText).toContain('Missed check-in window');
    await expectAccessible(page);

    // The settlement receipt of that date.
    await page.getByRole('tab', { name: 'Settlements' }).click();
    await page.getByLabel('Settlement date').fill(yesterday);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page
      .getByRole('button', { name: `View receipt for ${yesterday}` })
      .first()
      .click();
    const receipt = page.getByTestId('settlement-detail').getByTestId('settlement-receipt').first();
    await receipt.waitFor({ state: 'visible', timeout: 10000 });
    const receiptText = await receipt.innerText();
    expect(receiptText).toMatch(/Refunds \(failed\)\s*₹85\.00/);
    expect(receiptText).toMatch(/Pool\s*₹15\.00/);
    expect(receiptText).toContain('Missed'); // the line's outcome in words, not FAILED
    expect(receiptText).not.toContain('FAILED');
    await expectAccessible(page);

    // Ledger health passes, and passes again on Run now.
    await page.getByRole('tab', { name: 'Ledger health' }).click();
    await page.getByText('Ledger verified: all checks passed').waitFor({ state: 'visible', timeout: 15000 });
    await page.getByText(/Ran at .* IST/).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText(/\(just now\)/).waitFor({ state: 'visible', timeout: 15000 });
    await page.getByText('Ledger verified: all checks passed').waitFor({ state: 'visible', timeout: 15000 });
    // Let the button's loading-to-idle transition finish and leave hover before measuring contrast.
    await page.mouse.move(0, 0);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent === 'Run now' && !b.disabled && getComputedStyle(b).opacity === '1'),
    );
    await page.waitForTimeout(300);
    await expectAccessible(page);

    // The queues page lists the BullMQ queues.
    await page.getByRole('tab', { name: 'Queues' }).click();
    await page.getByRole('button', { name: 'Show jobs of settlement' }).waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(page);

    // Dark mode too.
    await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expectAccessible(page);
    await context.close();

    // A normal user opening /support sees the not-found page.
    const other = await newContext(browser);
    const userPage = await other.newPage();
    await signIn(userPage, customer.token);
    await userPage.goto(t.url + '/support');
    await userPage.getByText(/page not found/i).waitFor({ state: 'visible', timeout: 10000 });
    expect(await userPage.getByText('Support console').count()).toBe(0);
    await other.close();
  }, 120000);
});
