import type { Browser, Page } from 'playwright-core';
import { fundedPlayer, signedInContext } from '../factories/players.js';
import { inEveryLook, launchBrowser, newContext, PHONE_VIEWPORT } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

// A title per route, a skip link, and a signed-in first screen that asks the server for each thing once; each
// re-checked on a phone and a desktop, light and dark (inEveryLook).
describe('page frame in Chromium: titles, skip link, first requests', () => {
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

  const titleIs = (page: Page, title: string) => page.waitForFunction((x) => document.title === x, title, { timeout: 10000 });

  it('each screen has its own title, and the first Tab offers a skip link to the content', async () => {
    const context = await newContext(browser, { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${t.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor({ state: 'visible', timeout: 15000 });
    await titleIs(page, 'Log in · WakeStake');

    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await inEveryLook(page, async (look) => {
      // The first Tab from the top of the page.
      await page.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
      });
      await page.keyboard.press('Tab');
      await page.evaluate(() => document.body.removeAttribute('tabindex'));
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = await skip.boundingBox();
      expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= look.viewport.width).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'main');
      // Not in the way when not focused.
      await page.getByRole('heading', { level: 1 }).first().click();
      expect(((await skip.boundingBox())?.x ?? 0) < 0).toBe(true);
    });

    // A client-side move changes the title too.
    await page.goto(`${t.url}/register`);
    await titleIs(page, 'Create your account · WakeStake');
    await page.goto(`${t.url}/`);
    await titleIs(page, 'WakeStake – get paid to wake up on time');
    await context.close();
  });

  it('the dashboard is titled and asks for each piece of its data once on a cold load (phone)', async () => {
    const p = await fundedPlayer(t, 'Kavya Menon', { paise: 50_000n, occupation: 'student' });
    const { context, page } = await signedInContext(t, browser, p.token);
    await page.setViewportSize({ width: 390, height: 844 });
    const gets = new Map<string, number>();
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/v1/')) gets.set(r.url(), (gets.get(r.url()) ?? 0) + 1);
    });
    await page.goto(`${t.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /Kavya!/ }).waitFor({ state: 'visible', timeout: 15000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '₹500' }).waitFor({ state: 'visible', timeout: 10000 });
    await titleIs(page, 'Dashboard · WakeStake');
    await page.waitForLoadState('networkidle');
    expect([...gets.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect([...gets.keys()].some((u) => u.endsWith('/api/v1/auth/profile'))).toBe(true);
    // Formats: one money formatter (₹500, not ₹500.00), the route's title, on each screen and scheme.
    await inEveryLook(page, async () => {
      expect(await page.getByTestId('wallet-balance').innerText()).toBe('₹500');
      expect(await page.title()).toBe('Dashboard · WakeStake');
    });
    await context.close();
  });
});
