import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { grantRoleCommand } from '../../src/modules/identity/identity.cli.js';
import { settleCli } from '../../src/modules/settlement/settlement.cli.js';
import { fundedPlayer, signedInContext, type Player } from '../factories/players.js';
import { makeAdult, verifiedUser } from '../factories/users.js';
import { expectAccessible, launchBrowser } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const PHONE = { width: 390, height: 844 };
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DESKTOP = { width: 1280, height: 800 };

// A missed morning disputed in the app (from the history on a phone, from the receipt on a desktop), one refunded and one
// upheld in the support console, each user reading the answer (and the refund in the wallet); then "Download my data".
describe('appeals of a missed morning in Chromium', () => {
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

  const player = (fullName: string): Promise<Player> => fundedPlayer(t, fullName, { paise: 50000n, occupation: 'working-professional' });

  async function signedIn(p: { token: string }, viewport: { width: number; height: number }): Promise<Page> {
    const { context, page } = await signedInContext(t, browser, p.token);
    await page.setViewportSize(viewport);
    return page;
  }

  async function dashboard(page: Page, firstName: string): Promise<void> {
    await page.goto(t.url + '/dashboard');
    await page.getByRole('heading', { level: 1, name: new RegExp(`${firstName}!`) }).waitFor({ state: 'visible', timeout: 15000 });
  }

  it('a user disputes a miss, support refunds one and upholds another, each user sees the answer', async () => {
    // A day of this journey's own (no other browser spec uses 14 January 2026), at noon in India: the 06:00 mornings
    // missed today are well inside their 48 hours.
    t.clock.set(new Date('2026-01-14T06:30:00Z'));
    const today = '2026-01-14';
    const [asha, bala] = await Promise.all([player('Asha Menon'), player('Bala Nair')]);
    for (const p of [asha, bala]) {
      await makeAdult(t, p); // money needs an adult on file
      const res = await t
        .http()
        .post('/api/v1/test/challenges/create-test-challenge')
        .set(p.auth)
        .send({ challengeDate: today, wakeUpTime: '06:00', forfeitAmount: 100, status: 'FAILED' });
      expect([res.status, res.body.error]).toEqual([201, undefined]);
    }
    expect(await settleCli.run(t.app, [today])).toBe(0);
    const balanceOf = async (p: Player) => (await t.http().get('/api/v1/wallet/balance').set(p.auth)).body.data.balance as number;
    expect(await balanceOf(asha)).toBe(485);

    // Asha, on a phone: the miss in the history, disputed there.
    const ashaPage = await signedIn(asha, PHONE);
    await dashboard(ashaPage, 'Asha');
    const history = ashaPage.getByTestId('history-list');
    await history.getByRole('button', { name: /Dispute this miss/ }).click();
    const form = ashaPage.getByTestId('appeal-form');
    await form.getByRole('button', { name: 'Send dispute' }).click();
    await form.getByText('Tell us what happened').waitFor();
    await expectAccessible(ashaPage);
    await form.getByRole('textbox', { name: /What happened/ }).fill('The app showed an error when I checked in at 05:50.');
    await form.getByLabel(/Photo \(optional/).setInputFiles({ name: 'error.png', mimeType: 'image/png', buffer: PNG_1PX });
    await form.getByRole('button', { name: 'Send dispute' }).click();
    await history
      .getByTestId('appeal-state')
      .filter({ hasText: 'Dispute open' })
      .filter({ hasText: 'with a photo' })
      .waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(ashaPage);

    // Bala, on a desktop: today's failed card, its receipt, the dispute from the receipt.
    const balaPage = await signedIn(bala, DESKTOP);
    await dashboard(balaPage, 'Bala');
    const card = balaPage.getByTestId('today-card');
    await card.getByRole('button', { name: 'How this was computed' }).click();
    const receipt = balaPage.getByRole('dialog', { name: 'What happened to your stake' }); // a miss's receipt is worded for what happened to that user
    const line = receipt.getByTestId('your-line');
    await line.getByRole('button', { name: /Dispute this miss/ }).click({ timeout: 10000 });
    await line.getByRole('textbox', { name: /What happened/ }).fill('My phone died overnight, please consider it.');
    await line.getByRole('button', { name: 'Send dispute' }).click();
    await line.getByTestId('appeal-state').filter({ hasText: 'Dispute open' }).waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(balaPage);

    // Support: both appeals in the console; Asha's refunded, Bala's upheld, each with a note.
    const staff = await verifiedUser(t, { fullName: 'Sita Support' });
    expect(await grantRoleCommand.run(t.app, [staff.email, 'SUPPORT'])).toBe(0);
    const login = await t.http().post('/api/v1/auth/login').send({ email: staff.email, password: staff.password });
    expect(login.status).toBe(200);
    const ashaEmail = (await t.http().get('/api/v1/auth/profile').set(asha.auth)).body.data.email as string;
    const balaEmail = (await t.http().get('/api/v1/auth/profile').set(bala.auth)).body.data.email as string;

    const staffPage = await signedIn({ token: login.body.token }, DESKTOP);
    await staffPage.goto(t.url + '/support');
    await staffPage.getByRole('heading', { level: 1, name: 'Support console' }).waitFor({ state: 'visible', timeout: 15000 });
    await staffPage.getByRole('tab', { name: 'Appeals' }).click();
    const rows = staffPage.getByTestId('appeal-row');
    await rows
      .filter({ hasText: ashaEmail })
      .filter({ hasText: 'The app showed an error when I checked in at 05:50.' })
      .waitFor({ state: 'visible', timeout: 10000 });
    await rows.filter({ hasText: balaEmail }).filter({ hasText: 'My phone died overnight' }).waitFor();
    await expectAccessible(staffPage);

    await staffPage.getByRole('button', { name: `Decide the appeal of ${ashaEmail}` }).click();
    const decide = staffPage.getByTestId('decide-form');
    await decide.getByRole('button', { name: 'Show the appeal photo' }).click();
    const shot = decide.getByRole('img', { name: `Appeal photo of ${ashaEmail}` });
    await shot.waitFor({ state: 'visible', timeout: 10000 });
    await staffPage.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1, await shot.elementHandle());
    await decide.getByRole('textbox', { name: /Note to the user/ }).fill('Our logs show the upload failed at 05:50.');
    await expectAccessible(staffPage);
    await decide.getByRole('button', { name: 'Refund' }).click();
    await rows.filter({ hasText: ashaEmail }).and(staffPage.locator('[data-status="REFUNDED"]')).waitFor({ state: 'visible', timeout: 10000 });

    await staffPage.getByRole('button', { name: `Decide the appeal of ${balaEmail}` }).click();
    await decide.getByRole('textbox', { name: /Note to the user/ }).fill('A dead phone is not an outage on our side.');
    await decide.getByRole('button', { name: 'Uphold the miss' }).click();
    await rows.filter({ hasText: balaEmail }).and(staffPage.locator('[data-status="UPHELD"]')).waitFor({ state: 'visible', timeout: 10000 });
    await rows.filter({ hasText: balaEmail }).getByText('A dead phone is not an outage on our side.').waitFor();
    await expectAccessible(staffPage);
    await staffPage.setViewportSize(PHONE); // the console on a phone: the table scrolls, keyboard included
    await expectAccessible(staffPage);

    // Asha: the refund with its note, the forfeit back in the wallet, and its line in the transactions.
    expect(await balanceOf(asha)).toBe(500);
    expect(await balanceOf(bala)).toBe(485);
    await dashboard(ashaPage, 'Asha');
    await history
      .getByTestId('appeal-state')
      .filter({ hasText: 'Dispute refunded' })
      .filter({ hasText: 'Our logs show the upload failed at 05:50.' })
      .waitFor({ state: 'visible', timeout: 10000 });
    await ashaPage.getByTestId('wallet-balance').filter({ hasText: '₹500' }).waitFor({ state: 'visible' });
    await expectAccessible(ashaPage);
    await ashaPage.goto(t.url + '/wallet/transactions');
    await ashaPage
      .getByTestId('transaction')
      .filter({ hasText: 'Forfeit refunded: your appeal was accepted' })
      .filter({ hasText: '+₹15' })
      .first()
      .waitFor({ state: 'visible', timeout: 15000 });

    // Bala: the miss upheld, with the note, in the receipt.
    await dashboard(balaPage, 'Bala');
    await card.getByRole('button', { name: 'How this was computed' }).click();
    await line
      .getByTestId('appeal-state')
      .filter({ hasText: 'Dispute upheld' })
      .filter({ hasText: 'A dead phone is not an outage on our side.' })
      .waitFor({ state: 'visible', timeout: 10000 });
    await expectAccessible(balaPage);

    // Asha downloads her data as JSON from Settings: it parses and holds her email.
    await ashaPage.goto(t.url + '/settings');
    const exportBox = ashaPage.getByTestId('data-export');
    await exportBox.waitFor({ state: 'visible', timeout: 15000 });
    await expectAccessible(ashaPage);
    const [download] = await Promise.all([ashaPage.waitForEvent('download'), exportBox.getByRole('button', { name: 'Download my data (JSON)' }).click()]);
    expect(download.suggestedFilename()).toBe(`wakestake-export-${today}.json`);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported.data.profile.email).toBe(ashaEmail);
    expect(exported.data.challenges).toEqual([expect.objectContaining({ challengeDate: today, status: 'PROCESSED' })]);
    await exportBox.getByText(`Saved wakestake-export-${today}.json.`).waitFor();
  });
});
