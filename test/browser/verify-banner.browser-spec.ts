import type { Browser } from 'playwright-core';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { inEveryLook, launchBrowser, newContext } from '../setup/browser.js';
import { SmtpReceiver, startSmtpReceiver } from '../setup/smtp-receiver.js';
import { registerUser } from '../factories/users.js';
import { signInPage } from '../factories/players.js';

const VISIBLE = { state: 'visible' as const, timeout: 15000 };

jest.setTimeout(120_000);

describe('verify-email banner on a phone and a desktop, light and dark', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    // Two resends per email, so the third shows the rate limit.
    t = await createTestApp({ listen: true, env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '2' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('an unverified user sees the banner, resends the link, and is told to wait when rate-limited', async () => {
    const user = await registerUser(t);
    const context = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' });
    const page = await context.newPage();
    await signInPage(t, page, user.token);
    await page.goto(`${t.url}/onboarding`);

    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.getByText('Please verify your email').waitFor(VISIBLE);
    // It fits each screen's width (nothing scrolls sideways), with the email and the resend button in view.
    await inEveryLook(page, async (look) => {
      await banner.getByText(user.email).waitFor(VISIBLE);
      await banner.getByRole('button', { name: 'Resend email' }).waitFor(VISIBLE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);
    });

    const resend = banner.getByRole('button', { name: 'Resend email' });
    await resend.tap();
    await banner.getByRole('status').waitFor(VISIBLE);
    await smtp.waitFor(user.email, /verify/i, 10000);

    await resend.tap();
    await resend.tap();
    await banner
      .getByRole('alert')
      .filter({ hasText: /too many/i })
      .waitFor(VISIBLE);
    await context.close();
  });
});
