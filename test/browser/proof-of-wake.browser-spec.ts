import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { fundedPlayer, type Player } from '../factories/players.js';
import { uniquePicture, writeY4m } from '../factories/fake-video.js';
import { ist } from '../e2e/challenges-helpers.js';
import { expectAccessible, FAKE_CAMERA_ARGS, inEveryLook, launchBrowser, newContext, PHONE_VIEWPORT } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { ProofRepository } from '../../src/modules/challenges/proof/infrastructure/proof.repository.js';

const PHONE = { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, colorScheme: 'light' as const, timezoneId: 'Asia/Kolkata', permissions: ['camera'] };
const VISIBLE = { state: 'visible', timeout: 15000 } as const;
const PHONE_LOOKS = [
  { name: 'phone light', viewport: PHONE_VIEWPORT, colorScheme: 'light' as const },
  { name: 'phone dark', viewport: PHONE_VIEWPORT, colorScheme: 'dark' as const },
];

jest.setTimeout(240_000);

async function phonePage(t: TestApp, browser: Browser, who: Player): Promise<Page> {
  const context = await newContext(browser, PHONE);
  await context.addInitScript((tk) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
  }, who.token);
  const page = await context.newPage();
  await page.clock.setFixedTime(t.clock.now());
  return page;
}

/** Take the picture with the (fake) camera on today's card and use it. */
async function takePhoto(page: Page): Promise<void> {
  const card = page.getByTestId('today-card');
  await card.getByRole('button', { name: 'Take a photo' }).click();
  await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, { timeout: 15000 });
  await card.getByRole('button', { name: 'Take the picture' }).click();
  await card.getByRole('button', { name: 'Use photo' }).click();
  await card.getByTestId('photo-ready').waitFor(VISIBLE);
}

// On a phone: staking with photo proof, checking in through the camera (the fake camera shows a picture made
// for this run, so it is new), the same picture refused for another player, and a peer with nothing to gain reviewing it.
describe('proof of wake in Chromium (phone)', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    // the database is the run's, shared with every earlier test file: the picture must resemble none of their photos
    const proofs = t.app.get(ProofRepository);
    const dir = mkdtempSync(join(tmpdir(), 'proof-of-wake-'));
    const video = join(dir, 'morning.y4m');
    await writeY4m(video, await uniquePicture((fp) => proofs.seenBefore(fp)));
    browser = await launchBrowser([...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${video}`]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('stakes with photo proof, checks in through the camera, refuses the same photo to another player, and a peer reviews it', async () => {
    const EVE = '2044-05-09';
    const DAY = '2044-05-10';
    t.clock.set(ist(EVE, '12:00'));
    const asha = await fundedPlayer(t, 'Asha Proof', { paise: 50_000n, occupation: 'student' });

    // 1. Stake with PHOTO through the form and the review dialog
    const page = await phonePage(t, browser, asha);
    await page.goto(`${t.url}/challenge`);
    const form = page.getByRole('form', { name: 'Create challenge' });
    await form.getByTestId('create-balance').filter({ hasText: '₹500' }).waitFor(VISIBLE);
    await form.getByLabel('Challenge date').selectOption(DAY);
    await form.getByLabel('Forfeit amount (₹)').fill('40');
    await form.getByText('No proof', { exact: true }).waitFor();
    await form.getByRole('radio', { name: /Photo proof — a new photo, reviewed by people with nothing to gain/ }).check();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    const review = page.getByRole('alertdialog', { name: 'Review your stake' });
    await review
      .getByTestId('review-proof')
      .filter({ hasText: 'Photo proof — a new photo at check-in, reviewed by people with nothing to gain' })
      .waitFor(VISIBLE);
    // the pool shown is the PHOTO pool of that morning (nobody yet)
    const pool = (await t.http().get(`/api/v1/challenges/pool?date=${DAY}&proof=PHOTO`).set(asha.auth).expect(200)).body.data;
    expect(pool.proof).toBe('PHOTO');
    await review.getByText(/Photo-proof pool so far/).waitFor();
    await review
      .getByTestId('review-morning-pool')
      .filter({ hasText: `from ${pool.players} player` })
      .waitFor({ timeout: 10000 });
    await review.getByRole('button', { name: 'Confirm and stake ₹40' }).click();
    await page.getByTestId('challenge-created').waitFor(VISIBLE);
    await page.getByTestId('created-proof').filter({ hasText: 'Proof: Photo proof' }).waitFor();
    const mine = (await t.http().get('/api/v1/challenges').set(asha.auth).expect(200)).body.challenges;
    expect(mine.map((c: { challengeDate: string; proof: string; forfeitAmount: number }) => [c.challengeDate, c.proof, c.forfeitAmount])).toEqual([
      [DAY, 'PHOTO', 40],
    ]);
    const id = mine[0].id as string;
    const wake = mine[0].wakeUpTime as string;
    await page.context().close();

    // 2. The morning: no plain Check In; the camera's photo is the check-in
    t.clock.set(new Date(ist(DAY, wake).getTime() + 2 * 60_000));
    const morning = await phonePage(t, browser, asha);
    await morning.goto(`${t.url}/dashboard`);
    const card = morning.getByTestId('today-card');
    await card.getByTestId('today-proof').filter({ hasText: 'Proof: Photo proof' }).waitFor(VISIBLE);
    await card.getByRole('button', { name: 'Take a photo' }).waitFor(VISIBLE);
    expect(await card.getByRole('button', { name: 'Check In', exact: true }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Check in with this photo' }).count()).toBe(0);
    await takePhoto(morning);
    await inEveryLook(morning, async () => undefined, PHONE_LOOKS);
    await card.getByRole('button', { name: 'Check in with this photo' }).click();
    // a failure says what the card showed instead (a refusal, a retry)
    await morning
      .getByTestId('today-card')
      .and(morning.locator('[data-state="SUCCESS"]'))
      .waitFor(VISIBLE)
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\nThe card said instead: ${await card.innerText()}`);
      });
    await card.getByTestId('today-proof-status').filter({ hasText: 'Photo waiting for review' }).waitFor(VISIBLE);
    const checked = (await t.http().get(`/api/v1/challenges/${id}`).set(asha.auth).expect(200)).body.challenge;
    expect([checked.verificationMethod, checked.proof, checked.proofStatus, checked.isSuccessful]).toEqual(['PHOTO', 'PHOTO', 'PENDING_REVIEW', true]);
    await morning.context().close();

    // 3. Bina, same morning, same picture (the fake camera shows it again): refused in plain words, "Take a new photo"
    t.clock.set(ist(EVE, '12:00'));
    const bina = await fundedPlayer(t, 'Bina Proof', { paise: 50_000n, occupation: 'student' });
    const booked = await t.http().post('/api/v1/challenges').set(bina.auth).send({ challengeDate: DAY, wakeUpTime: wake, forfeitAmount: 30, proof: 'PHOTO' });
    expect([booked.status, booked.body.challenge?.proof]).toEqual([201, 'PHOTO']);
    t.clock.set(new Date(ist(DAY, wake).getTime() + 3 * 60_000));
    const second = await phonePage(t, browser, bina);
    await second.goto(`${t.url}/dashboard`);
    await takePhoto(second);
    await second.getByRole('button', { name: 'Check in with this photo' }).click();
    const refusal = second.getByTestId('check-in-progress');
    await refusal
      .filter({ hasText: 'This photo was used before, so it can’t prove this morning. Take a new photo now and check in with it.' })
      .waitFor(VISIBLE);
    await expectAccessible(second);
    await refusal.getByRole('button', { name: 'Take a new photo' }).click();
    await second.getByTestId('today-card').getByRole('button', { name: 'Take a photo' }).waitFor(VISIBLE);
    const notRecorded = (await t.http().get(`/api/v1/challenges/${booked.body.challenge.id}`).set(bina.auth).expect(200)).body.challenge;
    expect([notRecorded.status, notRecorded.checkInTime ?? null]).toEqual(['PENDING', null]);
    await second.context().close();

    // 4. Cara plays no PHOTO pool that day: she is invited to review, sees the photo with no name, and answers
    const cara = await fundedPlayer(t, 'Cara Reviewer', { paise: 10_000n, occupation: 'student' });
    const reviewer = await phonePage(t, browser, cara);
    await reviewer.goto(`${t.url}/dashboard`);
    await reviewer.getByTestId('review-invite').getByRole('link', { name: 'Review a morning' }).click();
    await reviewer.waitForURL(/\/review$/);
    const item = reviewer.getByTestId('review-card');
    await item.getByRole('img', { name: 'The check-in photo to review' }).waitFor(VISIBLE);
    await reviewer.getByText('Reviewing pays nothing', { exact: false }).waitFor();
    await item
      .getByTestId('review-times')
      .filter({ hasText: /wake-up by .* IST · checked in at .* IST/ })
      .waitFor();
    expect(await reviewer.locator('body').innerText()).not.toContain('Asha');
    await inEveryLook(reviewer, async () => undefined, PHONE_LOOKS);
    const buttons = await Promise.all(['A real morning', 'Not a real morning'].map((name) => item.getByRole('button', { name, exact: true }).boundingBox()));
    for (const box of buttons) expect(box!.height).toBeGreaterThanOrEqual(48);
    await item.getByRole('button', { name: 'Not a real morning' }).click();
    await reviewer.getByTestId('review-thanks').waitFor(VISIBLE);
    await reviewer.getByTestId('review-none').waitFor(VISIBLE);
    await reviewer.context().close();

    // a second peer says "not": two rejections reject, and Asha reads why on her card
    const dev = await fundedPlayer(t, 'Dev Reviewer', { paise: 10_000n, occupation: 'student' });
    const next = (await t.http().get('/api/v1/proof-reviews/next').set(dev.auth).expect(200)).body.data;
    expect(next.id).toBe(id);
    await t
      .http()
      .post(`/api/v1/proof-reviews/${id}`)
      .set(dev.auth)
      .send({ verdict: 'REJECTED' })
      .expect((r) => expect(r.status).toBeLessThan(300));
    const rejected = (await t.http().get(`/api/v1/challenges/${id}`).set(asha.auth).expect(200)).body.challenge;
    expect(rejected.proofStatus).toBe('REJECTED');
    const after = await phonePage(t, browser, asha);
    await after.goto(`${t.url}/dashboard`);
    await after
      .getByTestId('today-proof-status')
      .filter({ hasText: /^Photo rejected: / })
      .waitFor(VISIBLE);
    await after.context().close();
  });

  it('a math mission comes before Check In on a phone: wrong answers are said, right ones unlock the check-in', async () => {
    const DAY = '2044-05-12';
    t.clock.set(ist('2044-05-11', '12:00'));
    const ravi = await fundedPlayer(t, 'Ravi Mission', { paise: 50_000n, occupation: 'student' });
    const booked = await t
      .http()
      .post('/api/v1/challenges')
      .set(ravi.auth)
      .send({ challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 25, mission: 'MATH' });
    expect([booked.status, booked.body.challenge?.mission]).toEqual([201, 'MATH']);
    t.clock.set(ist(DAY, '06:01'));
    const page = await phonePage(t, browser, ravi);
    await page.goto(`${t.url}/dashboard`);
    const card = page.getByTestId('today-card');
    const mission = card.getByRole('form', { name: 'Math mission' });
    await mission.waitFor(VISIBLE);
    await card.getByTestId('today-mission').filter({ hasText: 'Mission: Math mission' }).waitFor();
    expect(await card.getByRole('button', { name: 'Check In', exact: true }).count()).toBe(0);
    await inEveryLook(page, async () => undefined, PHONE_LOOKS);

    const labels = await mission.locator('label').allInnerTexts();
    expect(labels).toHaveLength(3);
    const answers = labels.map((l) => {
      const m = /What is (\d+) ([+−]) (\d+)\?/.exec(l);
      expect(m).not.toBeNull();
      return m![2] === '+' ? Number(m![1]) + Number(m![3]) : Number(m![1]) - Number(m![3]);
    });
    // one wrong answer: said, still locked
    for (const [i, label] of labels.entries()) await mission.getByLabel(label).fill(String(answers[i] + (i === 2 ? 1 : 0)));
    await mission.getByRole('button', { name: 'Check my answers' }).click();
    await mission.getByRole('alert').filter({ hasText: 'Not quite' }).waitFor(VISIBLE);
    expect(await card.getByRole('button', { name: 'Check In', exact: true }).count()).toBe(0);
    await mission.getByLabel(labels[2]).fill(String(answers[2]));
    await mission.getByRole('button', { name: 'Check my answers' }).click();
    await card.getByRole('button', { name: 'Check In', exact: true }).click();
    await page.getByTestId('today-card').and(page.locator('[data-state="SUCCESS"]')).waitFor(VISIBLE);
    const done = (await t.http().get(`/api/v1/challenges/${booked.body.challenge.id}`).set(ravi.auth).expect(200)).body.challenge;
    expect([done.status, done.isSuccessful, done.mission]).toEqual(['COMPLETED', true, 'MATH']);
    await page.context().close();
  });

  it('prints a wake tag, and scanning it with the (fake) camera unlocks the check-in', async () => {
    const DAY = '2044-05-14';
    t.clock.set(ist('2044-05-13', '12:00'));
    const mira = await fundedPlayer(t, 'Mira Tag', { paise: 50_000n, occupation: 'student' });
    const booked = await t
      .http()
      .post('/api/v1/challenges')
      .set(mira.auth)
      .send({ challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 25, mission: 'WAKE_TAG' });
    expect([booked.status, booked.body.challenge?.mission]).toEqual([201, 'WAKE_TAG']);

    // the print page shows her QR code; its picture becomes what the fake camera films
    const printing = await phonePage(t, browser, mira);
    await printing.goto(`${t.url}/wake-tag`);
    const qr = printing.getByRole('img', { name: 'Your wake tag (QR code)' });
    await qr.waitFor(VISIBLE);
    await inEveryLook(printing, async () => undefined, PHONE_LOOKS);
    const src = await qr.getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/);
    await printing.context().close();
    const dir = mkdtempSync(join(tmpdir(), 'wake-tag-'));
    const video = join(dir, 'tag.y4m');
    await writeY4m(video, Buffer.from(src!.split(',')[1], 'base64'));
    const tagBrowser = await launchBrowser([...FAKE_CAMERA_ARGS, `--use-file-for-fake-video-capture=${video}`]);
    try {
      t.clock.set(ist(DAY, '06:02'));
      const page = await phonePage(t, tagBrowser, mira);
      await page.goto(`${t.url}/dashboard`);
      const card = page.getByTestId('today-card');
      await card.getByRole('button', { name: 'Scan my wake tag' }).waitFor(VISIBLE);
      expect(await card.getByRole('button', { name: 'Check In', exact: true }).count()).toBe(0);
      // the camera is opened only now, on the tap
      expect(await page.evaluate(() => document.querySelector('video'))).toBeNull();
      await card.getByRole('button', { name: 'Scan my wake tag' }).click();
      await card.getByRole('button', { name: 'Check In', exact: true }).waitFor({ state: 'visible', timeout: 20000 });
      expect(await page.evaluate(() => document.querySelector('video[aria-label^="Wake tag scanner"]'))).toBeNull();
      await card.getByRole('button', { name: 'Check In', exact: true }).click();
      await page.getByTestId('today-card').and(page.locator('[data-state="SUCCESS"]')).waitFor(VISIBLE);
      await page.context().close();
    } finally {
      await tagBrowser.close();
    }
  });
});
