import type { Browser } from 'playwright-core';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectAccessible, inEveryLook, launchBrowser, newContext } from '../setup/browser.js';
import { fund } from '../factories/wallet.js';
import { TERMS_VERSION } from '../../src/config/terms.js';

const VISIBLE = { state: 'visible', timeout: 15000 } as const;
/** Noon in India in a month no other journey uses (March 2026). */
const noonIst = () => new Date('2026-03-11T06:30:00Z');

// On a phone: sign up with the 18+ and terms box, read the terms from the footer, set a monthly
// stake cap in Settings, and see a stake over it refused with the cap's message. The #20 screens (the consent box and
// the terms page) are re-checked on a desktop and in dark mode too.
describe('consent, legal pages and self-limits in Chromium (phone)', () => {
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

  it('signs up with the consent box, reads /terms from the footer, sets a monthly cap and sees a stake over it refused', async () => {
    t.clock.set(noonIst());
    const email = `meera.${Date.now()}@example.com`;
    const context = await newContext(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      colorScheme: 'light',
      timezoneId: 'Asia/Kolkata',
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(t.clock.now());

    // Sign up: the box is required, and its links lead to the pages.
    await page.goto(`${t.url}/register`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor(VISIBLE);
    await page.getByLabel(/^Full name/).fill('Meera Iyer');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel(/^Password/).fill('wake-up-early-1');
    await page.getByLabel(/^Confirm password/).fill('wake-up-early-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please confirm that you are 18 or older and accept the Terms of use and Privacy policy').waitFor(VISIBLE);
    const box = page.getByRole('checkbox', { name: /I am 18 or older and accept the Terms of use and Privacy policy/ });
    expect(await page.getByRole('link', { name: 'Terms of use' }).first().getAttribute('href')).toBe('/terms');
    await inEveryLook(page, async (look) => {
      await page.getByText('Please confirm that you are 18 or older and accept the Terms of use and Privacy policy').waitFor(VISIBLE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);
    });
    await box.check({ force: true }); // the input is visually hidden behind its styled box
    await page.getByRole('button', { name: 'Create Account' }).click();
    // signed up: the app moves on (to onboarding, the profile being incomplete)
    await page.waitForURL((u) => !u.pathname.endsWith('/register'), { timeout: 15000 });
    const [row] = (await t.app.get(DataSource).query(`SELECT id, terms_version, terms_accepted_at FROM users WHERE email = $1`, [email])) as {
      id: string;
      terms_version: string;
      terms_accepted_at: Date;
    }[];
    expect(row.terms_version).toBe(TERMS_VERSION);
    expect(row.terms_accepted_at).toEqual(noonIst());
    // Consent on file: no prompt to accept again.
    expect(await page.getByRole('region', { name: 'Terms to accept' }).count()).toBe(0);

    // The footer leads to the terms: a page of its own, with its title and version.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).click();
    await page.waitForURL(/\/terms$/);
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor(VISIBLE);
    await page.getByText(`Version ${TERMS_VERSION}`).waitFor(VISIBLE);
    await page
      .getByText(/85% of your stake back/)
      .first()
      .waitFor(VISIBLE);
    expect(await page.title()).toBe('Terms of use · WakeStake');
    // The page fits each screen: nothing scrolls sideways.
    await inEveryLook(page, async (look) => {
      await page.getByText(`Version ${TERMS_VERSION}`).waitFor(VISIBLE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(look.viewport.width);
    });

    // A complete adult profile and ₹500, so the money screens open.
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
    await t
      .http()
      .put('/api/v1/auth/profile')
      .set({ Authorization: `Bearer ${token}` })
      .send({ phoneNumber: '9876543210', city: 'Chennai', occupation: 'student', dateOfBirth: '1996-02-02' })
      .expect(200);
    await fund(t, row.id, 50_000n);

    // Settings → Limits: a ₹50 monthly cap holds at once.
    await page.goto(`${t.url}/settings`);
    await page.getByRole('heading', { level: 2, name: 'Limits' }).waitFor(VISIBLE);
    await page.getByText('March 2026: ₹0 staked').waitFor(VISIBLE);
    await page.getByLabel('Monthly stake cap (₹)').fill('50');
    await page.getByRole('button', { name: 'Save cap' }).click();
    await page.getByRole('status').filter({ hasText: 'Monthly cap saved' }).waitFor(VISIBLE);
    await page.getByText('March 2026: ₹0 staked of your ₹50 monthly cap (₹50 left)').waitFor(VISIBLE);
    await expectAccessible(page);

    // A ₹60 stake is refused with the cap's message, and no money moves (the phone's way in: Set a challenge → /challenge).
    await page.goto(`${t.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /Meera!/ }).waitFor(VISIBLE);
    await page.getByRole('link', { name: 'Set a challenge' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set Your Challenge' }).waitFor(VISIBLE);
    await page.getByTestId('create-balance').filter({ hasText: '₹500' }).waitFor(VISIBLE);
    await page.getByLabel('Forfeit amount (₹)').fill('60');
    await page.getByRole('button', { name: 'Create Challenge' }).last().click();
    await page.getByRole('alertdialog', { name: 'Review your stake' }).getByRole('button', { name: 'Confirm and stake ₹60' }).click();
    await page
      .getByText('Failed to create challenge: This stake would go over your monthly limit of ₹50 for March 2026: ₹0 is already staked, ₹50 left')
      .first()
      .waitFor(VISIBLE);
    await expectAccessible(page);
    expect(await t.app.get(DataSource).query(`SELECT id FROM challenges WHERE user_id = $1`, [row.id])).toEqual([]);
    await context.close();
  });
});
