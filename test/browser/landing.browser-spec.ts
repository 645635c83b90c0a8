import type { Browser } from 'playwright-core';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectAccessible, launchBrowser, newContext } from '../setup/browser.js';

describe('landing page in Chromium', () => {
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

  it('shows the landing page, follows Get Started, switches the theme, and passes axe', async () => {
    const context = await newContext(browser, { colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(t.url + '/');
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expectAccessible(page);

    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL(/\/register$/);
    await expectAccessible(page);
    await context.close();
  });

  it('serves client routes from index.html and shows a not-found page for unknown ones', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const res = await page.goto(t.url + '/no/such/page');
    expect(res?.status()).toBe(200);
    await page.getByText(/page not found/i).waitFor({ state: 'visible', timeout: 10000 });
    await context.close();
  });

  it('works on a phone: the collapsible menu opens and holds Login', async () => {
    const context = await newContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(t.url + '/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Login' }).last().waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(page);
    await context.close();
  });
});
