import { chromium, Browser, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with no background networking (this machine has no outside network); `extraArgs` add flags. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/** A fake camera (Chromium's test pattern) that is granted without a prompt, so the camera-first photo flow can run headless. */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] as const;

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
  // Colours mid-transition (a dialog fading in) are not what a person reads: let animations settle first. An endless one
  // (a skeleton's pulse, a spinner) never finishes: it is not waited for.
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((r) => setTimeout(r, 2000)),
      ]),
    )
    .catch(() => undefined);
  // Injected once per document (a re-check of the same page in another look reuses it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
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

export type ColorScheme = 'light' | 'dark';

/** One way a person sees the app: a screen size and a colour scheme. */
export interface Look {
  name: string;
  viewport: { width: number; height: number };
  colorScheme: ColorScheme;
}

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** A screen is checked on a phone and a desktop, light and dark: a defect often shows in only one of them. */
export const EVERY_LOOK: readonly Look[] = [
  { name: 'phone light', viewport: PHONE_VIEWPORT, colorScheme: 'light' },
  { name: 'phone dark', viewport: PHONE_VIEWPORT, colorScheme: 'dark' },
  { name: 'desktop light', viewport: DESKTOP_VIEWPORT, colorScheme: 'light' },
  { name: 'desktop dark', viewport: DESKTOP_VIEWPORT, colorScheme: 'dark' },
];

const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/**
 * Puts the open app in `mode` the way a person's system does: with no saved "theme" choice the app follows
 * prefers-color-scheme (components/ui/color-mode.tsx), so the saved choice is dropped and the system scheme flipped to
 * the other and back (a change event fires even when the scheme was already `mode`), then the class on <html> is awaited.
 */
async function switchColorMode(page: Page, mode: ColorScheme): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.emulateMedia({ colorScheme: mode === 'dark' ? 'light' : 'dark' });
  await page.emulateMedia({ colorScheme: mode });
  await page.waitForFunction((m) => document.documentElement.classList.contains(m) && document.documentElement.style.colorScheme === m, mode, {
    timeout: 5000,
  });
}

/**
 * Re-checks the page as it stands, without navigating again (no new sign-up, context or app start), in each look
 * (phone light, phone dark, desktop 1280×800 light, desktop dark by default): resizes, switches the colour mode, runs
 * `check` (the screen's own assertions; it gets the look) and then axe. Afterwards the page has its size, system scheme
 * and saved theme choice back. A failure names the look. A context made with isMobile keeps its touch emulation at
 * desktop size (playwright cannot change that on an open page).
 */
export async function inEveryLook(
  page: Page,
  check: (look: Look) => Promise<void> = async () => undefined,
  looks: readonly Look[] = EVERY_LOOK,
): Promise<void> {
  const size = page.viewportSize();
  const before = await page.evaluate(() => ({
    stored: localStorage.getItem('theme'),
    mode: (document.documentElement.classList.contains('dark') ? 'dark' : 'light') as ColorScheme,
    system: (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') as ColorScheme,
  }));
  for (const look of looks) {
    try {
      await page.setViewportSize(look.viewport);
      await switchColorMode(page, look.colorScheme);
      await nextFrame(page);
      await check(look);
    } catch (e) {
      if (e instanceof Error) e.message = `[${look.name}] ${e.message}`;
      throw e;
    }
    expect({ look: look.name, violations: await seriousA11yViolations(page) }).toEqual({ look: look.name, violations: [] });
  }
  await switchColorMode(page, before.mode);
  if (before.stored !== null) await page.evaluate((v) => localStorage.setItem('theme', v), before.stored);
  await page.emulateMedia({ colorScheme: before.system });
  if (size) await page.setViewportSize(size);
  await nextFrame(page);
}
