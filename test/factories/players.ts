import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from '../setup/browser.js';
import type { TestApp } from '../setup/test-app.js';
import { fund } from './wallet.js';

// Setup the browser journeys share: a funded user with a complete profile, and a browser signed in as them.

export interface Player {
  token: string;
  userId: string;
  auth: { Authorization: string };
}

/** Registered through the API (unique email from the name), money in the wallet through the ledger, profile completed. */
export async function fundedPlayer(t: TestApp, fullName: string, opts: { paise: bigint; occupation: string }): Promise<Player> {
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@test.local`;
  const res = await t.http().post('/api/v1/auth/register').send({ email, password: 'correct-horse-battery', fullName });
  expect(res.status).toBe(201);
  const p = { token: res.body.token as string, userId: res.body.userId as string, auth: { Authorization: `Bearer ${res.body.token}` } };
  await fund(t, p.userId, opts.paise);
  const profile = await t
    .http()
    .put('/api/v1/auth/profile')
    .set(p.auth)
    .send({ phoneNumber: '9876543210', city: 'Pune', occupation: opts.occupation, dateOfBirth: '1995-05-05' }); // an adult: stakes need 18+ on file
  expect(profile.status).toBe(200);
  return p;
}

/** A New York browser whose storage holds `token` from the first page on, its clock fixed to the server's. */
export async function signedInContext(
  t: TestApp,
  browser: Browser,
  token: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { timezoneId: 'America/New_York', colorScheme });
  await context.addInitScript((tk) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
  }, token);
  const page = await context.newPage();
  await page.clock.setFixedTime(t.clock.now());
  return { context, page };
}

/** Opens the app once and stores `token` as the session (the next navigation is signed in). */
export async function signInPage(t: TestApp, page: Page, token: string): Promise<void> {
  // Wait until the app has booted (its startup reads storage), then store the session it will find on the next load.
  await page.goto(t.url + '/', { waitUntil: 'networkidle' });
  await page.evaluate((tk) => localStorage.setItem('token', tk), token);
}
