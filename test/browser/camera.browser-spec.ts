import type { Browser } from 'playwright-core';
import { settleCli } from '../../src/modules/settlement/settlement.cli.js';
import { fundedPlayer } from '../factories/players.js';
import { makeAdult } from '../factories/users.js';
import { ist } from '../e2e/challenges-helpers.js';
import { expectAccessible, FAKE_CAMERA_ARGS, inEveryLook, launchBrowser, newContext, PHONE_VIEWPORT } from '../setup/browser.js';
import { createTestApp, TestApp } from '../setup/test-app.js';

const PHONE = { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, colorScheme: 'light' as const, timezoneId: 'Asia/Kolkata', permissions: ['camera'] };
const VISIBLE = { state: 'visible', timeout: 15000 } as const;

jest.setTimeout(180_000);

/** What the page sent as `photo` in its check-in (the browser hands file bodies to no network listener). */
interface SentPhoto {
  type: string;
  size: number;
  head: string;
  width: number;
  height: number;
}

/** Wraps fetch so a FormData `photo` sent to /challenges/verify is described on window.__sentPhoto. */
function recordSentPhoto(): void {
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const photo = init?.body instanceof FormData ? init.body.get('photo') : null;
    if (url.includes('/challenges/verify') && photo instanceof Blob) {
      const head = [...new Uint8Array(await photo.slice(0, 2).arrayBuffer())].map((b) => b.toString(16).padStart(2, '0')).join('');
      const bitmap = await createImageBitmap(photo);
      (window as unknown as { __sentPhoto: SentPhoto }).__sentPhoto = { type: photo.type, size: photo.size, head, width: bitmap.width, height: bitmap.height };
    }
    return original(input, init);
  };
}

// On a phone: "Take a photo" opens the (fake) front camera, live; the picture taken is previewed with "Use
// photo" / "Retake"; the check-in sends a JPEG of at most 1280 px and a few hundred kB, and is recorded with the photo.
describe('camera-first photo check-in in Chromium (phone)', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    browser = await launchBrowser(FAKE_CAMERA_ARGS);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('takes a selfie through the camera, retakes it, uses it, and checks in with a small JPEG', async () => {
    const DAY = '2043-03-11'; // this journey's own year
    t.clock.set(ist('2043-03-10', '12:00'));
    const asha = await fundedPlayer(t, 'Asha Camera', { paise: 10_000n, occupation: 'student' });
    const booked = await t.http().post('/api/v1/challenges').set(asha.auth).send({ challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 30 });
    expect([booked.status, booked.body.error]).toEqual([201, undefined]);

    t.clock.set(ist(DAY, '06:02'));
    const context = await newContext(browser, PHONE);
    await context.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, asha.token);
    await context.addInitScript(recordSentPhoto);
    const page = await context.newPage();
    await page.clock.setFixedTime(t.clock.now());
    await page.goto(`${t.url}/dashboard`);
    const card = page.getByTestId('today-card');
    await card.getByRole('button', { name: 'Check In' }).waitFor(VISIBLE);
    await card.getByRole('button', { name: 'Choose from files' }).waitFor(VISIBLE);

    // the front camera, live, with a switch to the back one
    await card.getByRole('button', { name: 'Take a photo' }).click();
    const preview = card.getByLabel('Camera preview (front camera)');
    await preview.waitFor(VISIBLE);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, { timeout: 15000 });
    expect(
      await page.evaluate(() => (document.querySelector('video')?.srcObject as MediaStream).getVideoTracks()[0].getSettings().facingMode ?? 'user'),
    ).not.toBe('environment');
    await card.getByRole('button', { name: 'Switch to back camera' }).waitFor(VISIBLE);
    await inEveryLook(page, async () => undefined, [
      { name: 'phone light', viewport: PHONE_VIEWPORT, colorScheme: 'light' },
      { name: 'phone dark', viewport: PHONE_VIEWPORT, colorScheme: 'dark' },
    ]);

    // take, retake, take again, use
    await card.getByRole('button', { name: 'Take the picture' }).click();
    await card.getByRole('img', { name: 'The photo you just took' }).waitFor(VISIBLE);
    await card.getByRole('button', { name: 'Use photo' }).waitFor(VISIBLE);
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Retake' }).click();
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, { timeout: 15000 });
    await card.getByRole('button', { name: 'Take the picture' }).click();
    await card.getByRole('button', { name: 'Use photo' }).click();
    await card
      .getByTestId('photo-ready')
      .filter({ hasText: /Photo ready · \d+ kB/ })
      .waitFor(VISIBLE);
    // the camera is released once the photo is taken
    expect(await page.evaluate(() => document.querySelector('video'))).toBeNull();
    await expectAccessible(page);

    await card.getByRole('button', { name: 'Check In' }).click();
    await page.waitForFunction(() => '__sentPhoto' in window, undefined, { timeout: 15000 });
    const photo = await page.evaluate(() => (window as unknown as { __sentPhoto: SentPhoto }).__sentPhoto);
    expect([photo.type, photo.head]).toEqual(['image/jpeg', 'ffd8']);
    expect(photo.size).toBeGreaterThan(1000);
    expect(photo.size).toBeLessThan(500 * 1024);
    expect(Math.max(photo.width, photo.height)).toBeGreaterThan(100);
    expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(1280);

    // recorded, with the photo
    await page.getByTestId('today-card').and(page.locator('[data-state="SUCCESS"]')).waitFor(VISIBLE);
    const challenge = (await t.http().get(`/api/v1/challenges/${booked.body.challenge.id}`).set(asha.auth).expect(200)).body.challenge;
    expect([challenge.verificationMethod, challenge.hasPhoto, challenge.isSuccessful]).toEqual(['PHOTO', true, true]);
    await context.close();
  });

  it('a big photo chosen from files is scaled to 1280 px and sent as a JPEG of a few hundred kB', async () => {
    const DAY = '2043-03-12';
    t.clock.set(ist('2043-03-11', '12:00'));
    const cara = await fundedPlayer(t, 'Cara Files', { paise: 10_000n, occupation: 'student' });
    const booked = await t.http().post('/api/v1/challenges').set(cara.auth).send({ challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 30 });
    expect(booked.status).toBe(201);
    t.clock.set(ist(DAY, '06:05'));
    const context = await newContext(browser, PHONE);
    await context.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, cara.token);
    await context.addInitScript(recordSentPhoto);
    const page = await context.newPage();
    await page.clock.setFixedTime(t.clock.now());
    await page.goto(`${t.url}/dashboard`);
    const card = page.getByTestId('today-card');
    await card.getByRole('button', { name: 'Check In' }).waitFor(VISIBLE);
    // a 2400×1800 PNG of about a megabyte (a gradient with a patch of noise), drawn in the page
    const png = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1800;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, 2400, 1800);
      gradient.addColorStop(0, '#f4a261');
      gradient.addColorStop(1, '#264653');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 2400, 1800);
      const noise = ctx.createImageData(600, 450);
      for (let i = 0; i < noise.data.length; i++) noise.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
      ctx.putImageData(noise, 900, 650);
      return canvas.toDataURL('image/png').split(',')[1];
    });
    const buffer = Buffer.from(png, 'base64');
    expect(buffer.length).toBeGreaterThan(600 * 1024);
    await card.getByLabel(/^Selfie/).setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer });
    await card.getByTestId('photo-ready').waitFor(VISIBLE);
    await card.getByRole('button', { name: 'Check In' }).click();
    await page.waitForFunction(() => '__sentPhoto' in window, undefined, { timeout: 15000 });
    const photo = await page.evaluate(() => (window as unknown as { __sentPhoto: SentPhoto }).__sentPhoto);
    expect([photo.type, photo.head, photo.width, photo.height]).toEqual(['image/jpeg', 'ffd8', 1280, 960]);
    expect(photo.size).toBeLessThan(500 * 1024);
    expect(photo.size).toBeLessThan(buffer.length);
    await page.getByTestId('today-card').and(page.locator('[data-state="SUCCESS"]')).waitFor(VISIBLE);
    await context.close();
  });

  it('disputes a missed morning with a photo taken through the camera', async () => {
    // noon in India on this journey's own day: the 06:00 morning missed today is inside its 48 hours
    t.clock.set(new Date('2043-05-14T06:30:00Z'));
    const bala = await fundedPlayer(t, 'Bala Camera', { paise: 50_000n, occupation: 'student' });
    await makeAdult(t, bala);
    const missed = await t
      .http()
      .post('/api/v1/test/challenges/create-test-challenge')
      .set(bala.auth)
      .send({ challengeDate: '2043-05-14', wakeUpTime: '06:00', forfeitAmount: 100, status: 'FAILED' });
    expect([missed.status, missed.body.error]).toEqual([201, undefined]);
    expect(await settleCli.run(t.app, ['2043-05-14'])).toBe(0);

    const context = await newContext(browser, PHONE);
    await context.addInitScript((tk) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', tk);
    }, bala.token);
    const page = await context.newPage();
    await page.clock.setFixedTime(t.clock.now());
    await page.goto(`${t.url}/dashboard`);
    const history = page.getByTestId('history-list');
    await history.getByRole('button', { name: /Dispute this miss/ }).click(VISIBLE);
    const form = page.getByTestId('appeal-form');
    await form.getByRole('textbox', { name: /What happened/ }).fill('The app showed an error when I checked in at 05:50.');
    await form.getByRole('button', { name: 'Take a photo' }).click();
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, { timeout: 15000 });
    await form.getByRole('button', { name: 'Take the picture' }).click();
    await form.getByRole('button', { name: 'Use photo' }).click();
    await form.getByTestId('photo-ready').waitFor(VISIBLE);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Send dispute' }).click();
    await history.getByTestId('appeal-state').filter({ hasText: 'Dispute open' }).filter({ hasText: 'with a photo' }).waitFor(VISIBLE);
    const appeal = (await t.http().get(`/api/v1/challenges/${missed.body.challenge.id}/appeal`).set(bala.auth).expect(200)).body;
    expect([appeal.status, appeal.hasPhoto]).toEqual(['OPEN', true]);
    await context.close();
  });
});
