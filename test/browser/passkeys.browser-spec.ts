import { createServer } from 'node:net';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { fundedPlayer } from '../factories/players.js';
import { expectAccessible, inEveryLook, launchBrowser, newContext, PHONE_VIEWPORT } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const VISIBLE = { state: 'visible', timeout: 15000 } as const;
const PASSWORD = 'correct-horse-battery';
const PHONE = { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, colorScheme: 'light' as const, timezoneId: 'Asia/Kolkata' };

jest.setTimeout(180_000);

/** A free port: the app must listen where APP_URL says, since a passkey is bound to the site's host and origin. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Chromium's virtual authenticator (CDP WebAuthn domain): a phone's built-in one, fingerprint always accepted. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; credentials: () => Promise<unknown[]> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

// "Back in with a thumb", on a phone: after a password sign-in the app offers a passkey once; it is added with
// the device's authenticator; signed out, "Sign in with a passkey" brings the person back to the dashboard, no password.
describe('passkeys in Chromium (phone, virtual authenticator)', () => {
  let t: TestApp;
  let browser: Browser;
  let site: string;
  beforeAll(async () => {
    const port = await freePort();
    // WebAuthn refuses an IP address as the site: the app is reached as localhost (a secure context over http)
    site = `http://localhost:${port}`;
    t = await createTestApp({ listen: true, port, env: { APP_URL: site } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('registers a passkey after sign-in, signs out, signs back in with it and lands on the dashboard', async () => {
    const asha = await fundedPlayer(t, 'Asha Passkey', { paise: 10_000n, occupation: 'student' });
    const email = (await t.http().get('/api/v1/auth/profile').set(asha.auth).expect(200)).body.data.email as string;
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const authenticator = await virtualAuthenticator(page);

    // a password sign-in on the phone
    await page.goto(`${site}/login`);
    await page.getByRole('group', { name: 'Sign in with a passkey' }).getByRole('button', { name: 'Use a passkey (fingerprint or face)' }).waitFor(VISIBLE);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: /Asha!/ }).waitFor(VISIBLE);

    // the offer, once
    const offer = page.getByRole('region', { name: 'Passkey offer' });
    await offer.getByText('Sign in faster next time with your fingerprint or face').waitFor(VISIBLE);
    await inEveryLook(page, async () => offer.getByRole('button', { name: 'Not now' }).waitFor(VISIBLE), [
      { name: 'phone light', viewport: PHONE_VIEWPORT, colorScheme: 'light' },
      { name: 'phone dark', viewport: PHONE_VIEWPORT, colorScheme: 'dark' },
    ]);
    await offer.getByRole('button', { name: 'Add passkey' }).click();
    await offer.getByText('Passkey added.', { exact: false }).waitFor(VISIBLE);
    expect(await authenticator.credentials()).toHaveLength(1);
    const rows = await t.app.get(DataSource).query(`SELECT user_id, counter, transports FROM passkeys WHERE user_id = $1`, [asha.userId]);
    expect(rows).toEqual([expect.objectContaining({ user_id: asha.userId })]);

    // the offer is not made again on this device
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Asha!/ }).waitFor(VISIBLE);
    await page.getByTestId('today-card').waitFor(VISIBLE);
    expect(await page.getByRole('region', { name: 'Passkey offer' }).count()).toBe(0);

    // Settings lists it
    await page.goto(`${site}/settings`);
    await page.getByTestId('passkey-row').first().waitFor(VISIBLE);
    expect(await page.getByTestId('passkey-row').count()).toBe(1);
    await expectAccessible(page);

    // signed out (the token is gone), then back in with the passkey alone
    await page.evaluate(async () => {
      await fetch('/api/v1/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      localStorage.removeItem('token');
      localStorage.removeItem('user');
    });
    await page.goto(`${site}/login`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor(VISIBLE);
    await page.getByRole('button', { name: 'Use a passkey (fingerprint or face)' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 15000 });
    await page.getByRole('heading', { level: 1, name: /Asha!/ }).waitFor(VISIBLE);
    expect(await page.evaluate(() => Boolean(localStorage.getItem('token')))).toBe(true);
    const [used] = await t.app.get(DataSource).query(`SELECT counter, last_used_at FROM passkeys WHERE user_id = $1`, [asha.userId]);
    expect(used.last_used_at).not.toBeNull();
    await context.close();
  });
});
