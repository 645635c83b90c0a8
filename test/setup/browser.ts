import { chromium, Browser, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with no background networking (this machine has no outside network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** bypassCSP so axe can be injected under helmet's CSP; timezone/clock options pass through. */
export function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 }, ...options });
}

const axeSource = readFileSync(join(__dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe-core on the page; returns serious and critical violations only. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Colours mid-transition (a dialog fading in) are not what a person reads: let animations settle first.
  await page
    .evaluate(() => Promise.race([Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]))
    .catch(() => undefined);
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
}

/** Fails with the list of violations, readable in the test output. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect(violations).toEqual([]);
}
