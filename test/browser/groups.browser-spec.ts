import type { Browser, Page } from 'playwright-core';
import { fundedPlayer, type Player } from '../factories/players.js';
import { ist } from '../e2e/challenges-helpers.js';
import { groupOf, nameReferee, PNG_1PX, settle } from '../e2e/groups-helpers.js';
import { expectAccessible, launchBrowser, newContext } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' as const, timezoneId: 'Asia/Kolkata' };
const VISIBLE = { state: 'visible', timeout: 15000 } as const;
const PASSWORD = 'correct-horse-battery';

jest.setTimeout(180_000);

// On a phone: Asha starts a group and copies its invite link; Bala, signed out, opens the link, logs in,
// comes back to it and joins; both see the weekly board with each other on it.
describe('groups with an invite link in Chromium (phone)', () => {
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

  /** A complete profile, on the weekly board by their own setting; `email` to log in with. */
  async function friend(fullName: string): Promise<Player & { email: string }> {
    const p = await fundedPlayer(t, fullName, { paise: 10_000n, occupation: 'student' });
    const profile = await t.http().get('/api/v1/auth/profile').set(p.auth).expect(200);
    await t
      .http()
      .put('/api/v1/auth/profile')
      .set(p.auth)
      .send({ settings: { privacy: { showOnLeaderboard: true } } })
      .expect(200);
    return { ...p, email: profile.body.data.email as string };
  }

  const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  it('user A creates a group and copies the invite link; user B opens it signed out, logs in, joins; both see the board', async () => {
    // Noon in India on a day of 2034 (no other journey uses that year).
    t.clock.set(new Date('2034-05-10T06:30:00Z'));
    const asha = await friend('Asha Menon');
    const bala = await friend('Bala Nair');

    // Asha, signed in on her phone: Groups in the menu, a new group, its invite link copied.
    const ashaContext = await newContext(browser, PHONE);
    await ashaContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    await ashaContext.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, asha.token);
    const a = await ashaContext.newPage();
    await a.clock.setFixedTime(t.clock.now());
    await a.goto(`${t.url}/dashboard`);
    await a.getByRole('button', { name: 'Open menu' }).click();
    await a.getByRole('link', { name: 'Groups', exact: true }).click();
    await a.waitForURL(/\/groups$/);
    await a.getByRole('heading', { level: 1, name: 'Groups' }).waitFor(VISIBLE);
    await a.getByText('You are not in a group yet.', { exact: false }).waitFor(VISIBLE);
    expect(await a.title()).toBe('Groups · WakeStake');
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Create group' }).click();
    await a.getByText('Give your group a name').waitFor(VISIBLE);
    await a.getByLabel('Group name').fill('Morning crew');
    await a.getByRole('button', { name: 'Create group' }).click();
    await a.getByRole('heading', { level: 1, name: 'Morning crew' }).waitFor(VISIBLE);
    expect(a.url()).toMatch(/\/groups\/[0-9a-f-]{36}$/);
    const link = await a.getByLabel('Invite link').inputValue();
    expect(link).toMatch(new RegExp(`^${t.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/join/[A-Za-z0-9_-]{43}$`));
    await a.getByRole('button', { name: 'Copy invite link' }).click();
    await a.getByRole('status').filter({ hasText: 'Invite link copied' }).waitFor(VISIBLE);
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // alone on the board so far
    const ashaBoard = a.getByTestId('weekly-board');
    await ashaBoard.getByRole('rowheader', { name: 'Asha' }).waitFor(VISIBLE);
    expect(await ashaBoard.getByRole('row').count()).toBe(2); // header + Asha
    await expectAccessible(a);
    await noSidewaysScroll(a);

    // Bala, signed out on his phone, opens the link: login first, then back to the invite.
    const balaContext = await newContext(browser, PHONE);
    const b = await balaContext.newPage();
    await b.clock.setFixedTime(t.clock.now());
    await b.goto(link);
    await b.waitForURL(/\/login$/, { timeout: 15000 });
    await b.getByRole('textbox', { name: /^Email/ }).fill(bala.email);
    await b.getByLabel(/^Password/).fill(PASSWORD);
    await b.getByRole('button', { name: 'Sign In' }).click();
    await b.waitForURL((u) => u.pathname.startsWith('/join/'), { timeout: 15000 });
    await b.getByRole('heading', { level: 1, name: 'Join Morning crew' }).waitFor(VISIBLE);
    await b.getByText(/^1 member\./).waitFor(VISIBLE);
    await expectAccessible(b);
    await b.getByRole('button', { name: 'Join group' }).click();
    await b.getByRole('heading', { level: 1, name: 'Morning crew' }).waitFor(VISIBLE);
    const balaBoard = b.getByTestId('weekly-board');
    await balaBoard.getByRole('rowheader', { name: 'Asha' }).waitFor(VISIBLE);
    await balaBoard.getByRole('rowheader', { name: 'Bala' }).waitFor(VISIBLE);
    // the week: both members, seven days each, described in words for screen readers
    await b.getByText('Asha, ', { exact: false }).first().waitFor({ state: 'attached' });
    await expectAccessible(b);
    await noSidewaysScroll(b);

    // Asha sees Bala on the board and among the members.
    await a.reload();
    await a.getByTestId('weekly-board').getByRole('rowheader', { name: 'Bala' }).waitFor(VISIBLE);
    await a.getByText('2 members.', { exact: false }).first().waitFor(VISIBLE);
    await a.getByRole('button', { name: 'Remove Bala' }).waitFor(VISIBLE);
    await noSidewaysScroll(a);

    // The server agrees: one group, two members, both on its board.
    const view = (await t.http().get('/api/v1/groups').set(bala.auth).expect(200)).body.data.groups;
    expect(view.map((g: { name: string; memberCount: number; isOwner: boolean }) => [g.name, g.memberCount, g.isOwner])).toEqual([['Morning crew', 2, false]]);
    await ashaContext.close();
    await balaContext.close();
  });

  it("after a photo check-in on today's card, the user asks their referee and later sees the answer", async () => {
    // A morning of 2039 (this helper's year): booked the day before, checked in with a selfie at 06:00 IST.
    const DAY = '2039-06-14';
    t.clock.set(ist('2039-06-13', '12:00'));
    const asha = await friend('Asha Kulkarni');
    const bala = await friend('Bala Raman');
    await nameReferee(t, await groupOf(t, 'Referees', asha, bala), asha, bala.userId);
    const booked = await t.http().post('/api/v1/challenges').set(asha.auth).send({ challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 30 });
    expect(booked.status).toBe(201);

    t.clock.set(ist(DAY, '06:00'));
    const context = await newContext(browser, PHONE);
    await context.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, asha.token);
    const a = await context.newPage();
    await a.clock.setFixedTime(t.clock.now());
    await a.goto(`${t.url}/dashboard`);
    const card = a.getByTestId('today-card');
    await card.getByRole('button', { name: 'Check In' }).waitFor(VISIBLE);
    // no referee question before a check-in
    expect(await card.getByRole('button', { name: 'Ask my referee' }).count()).toBe(0);
    await card.getByLabel(/^Selfie/).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
    await card.getByRole('button', { name: 'Check In' }).click();
    await card.getByText('Bala can confirm this photo check-in.').waitFor(VISIBLE);
    await expectAccessible(a);
    await noSidewaysScroll(a);
    await card.getByRole('button', { name: 'Ask my referee' }).click();
    await card.getByTestId('referee-state').filter({ hasText: 'Sent to Bala: waiting for an answer' }).waitFor(VISIBLE);
    expect(await card.getByRole('button', { name: 'Ask my referee' }).count()).toBe(0);

    // the server has the request; Bala rejects it with a note; Asha's card shows the answer after a reload
    const asked = (await t.http().get('/api/v1/groups/referee/overview').set(bala.auth).expect(200)).body.data.toReview;
    expect(asked.map((r: { challengeId: string; status: string; userName: string }) => [r.challengeId, r.status, r.userName])).toEqual([
      [booked.body.challenge.id, 'PENDING', 'Asha'],
    ]);
    await t.http().post(`/api/v1/groups/referee/requests/${asked[0].id}/reject`).set(bala.auth).send({ note: 'Too dark to see' }).expect(200);
    await a.reload();
    await card.getByTestId('referee-state').filter({ hasText: 'Rejected by Bala: “Too dark to see”' }).waitFor(VISIBLE);
    await noSidewaysScroll(a);
    await context.close();

    // the morning is settled (no unsettled challenge left behind for other tests)
    await settle(t, DAY);
  });
});
