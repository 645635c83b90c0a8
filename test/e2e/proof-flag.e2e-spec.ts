import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { PhotoStorage } from '../../src/common/storage/photo-storage.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { photoLikeJpeg } from '../factories/photos.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createChallenge, fundedUser, ist } from './challenges-helpers.js';

/**
 * A PHOTO check-in whose picture is nearly one flat colour (a covered lens, a black frame) is flagged
 * BLANK_FRAME by the server itself (no model): first in the peer review queue, shown to support, never decisive.
 * Dates of their own (2049-06; 2049 has 2027's calendar), so no other file's challenges share these pools.
 */
describe('proof of wake: the blank-frame flag', () => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createUser(t, { role: 'SUPPORT' });
  });
  afterAll(() => t.close());

  const date = '2049-06-08';
  async function staked(forfeit: number): Promise<{ u: TestUser; id: string }> {
    t.clock.set(ist('2049-06-07', '12:00'));
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, { challengeDate: date, wakeUpTime: '06:00', forfeitAmount: forfeit, proof: 'PHOTO' }).expect(201);
    return { u, id: res.body.challenge.id };
  }
  const photoCheckIn = (u: TestUser, id: string, photo: Buffer) =>
    t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'PHOTO')
      .attach('photo', photo, { filename: 'morning.jpg', contentType: 'image/jpeg' });
  /**
   * a covered lens: near-black, as a phone's JPEG. Faint dark bands (grey 10 and 16) keep it from being "the same
   * picture" as other files' flat test images (a flat frame's dHash is 0): the flag must not depend on what ran before.
   */
  const coveredLens = () => {
    const [w, h, band] = [639, 480, 71];
    const px = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) px.fill((Math.floor(x / band) % 2 ? 10 : 16) + ((x * 7 + y * 13) % 3), (y * w + x) * 3, (y * w + x) * 3 + 3);
    return sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
  };
  const story = async (id: string) => (await t.http().get(`/api/v1/support/challenges/${id}`).set(staff.auth).expect(200)).body.data.challenge;

  it('flags a near-blank PHOTO check-in, puts it first in peer review and shows it to support only; a real photo is not flagged', async () => {
    const real = await staked(30);
    const blank = await staked(20);
    t.clock.set(ist('2049-06-07', '12:00'));
    const reviewer = await fundedUser(t, 0); // no challenge on that date: may review its pool
    t.clock.set(ist(date, '06:01'));
    await photoCheckIn(real.u, real.id, await photoLikeJpeg(6081)).expect(200);
    t.clock.set(ist(date, '06:04'));
    const checkedIn = await photoCheckIn(blank.u, blank.id, await coveredLens()).expect(200);
    // the check-in itself is taken as any photo (people decide), and its owner is not shown the flag
    expect(checkedIn.body.challenge).toMatchObject({ proofStatus: 'PENDING_REVIEW', isSuccessful: true });
    expect(checkedIn.body.challenge).not.toHaveProperty('proofFlag');

    expect(await story(blank.id)).toMatchObject({ proof: 'PHOTO', proofStatus: 'PENDING_REVIEW', proofFlag: 'BLANK_FRAME', mission: 'NONE' });
    expect(await story(real.id)).toMatchObject({ proof: 'PHOTO', proofStatus: 'PENDING_REVIEW', proofFlag: null });
    const page = await t.http().get(`/api/v1/support/users/${blank.u.id}`).set(staff.auth).expect(200);
    expect(page.body.data.challenges).toEqual([expect.objectContaining({ id: blank.id, proofFlag: 'BLANK_FRAME', proofStatus: 'PENDING_REVIEW' })]);

    // checked in 3 minutes after the real photo, yet offered first
    const next = await t.http().get('/api/v1/proof-reviews/next').set(reviewer.auth).expect(200);
    expect(next.body.data).toMatchObject({ id: blank.id });
    await t.http().post(`/api/v1/proof-reviews/${blank.id}`).set(reviewer.auth).send({ verdict: 'REJECTED' }).expect(200);
    // one peer's answer on a flagged photo is still one answer: the flag rejects nothing by itself
    expect((await story(blank.id)).proofStatus).toBe('PENDING_REVIEW');
    const after = await t.http().get('/api/v1/proof-reviews/next').set(reviewer.auth).expect(200);
    expect(after.body.data?.id).not.toBe(blank.id);

    // out of the shared review queue for the other files of this run
    for (const c of [real, blank]) await t.http().post(`/api/v1/support/challenges/${c.id}/proof`).set(staff.auth).send({ verdict: 'ACCEPTED' }).expect(200);
    expect(await story(blank.id)).toMatchObject({ proofStatus: 'ACCEPTED', proofFlag: 'BLANK_FRAME' });
  });

  it('passes over a photo whose file is gone, so it cannot hold up the review queue for everyone', async () => {
    const lost = await staked(25);
    const kept = await staked(35);
    t.clock.set(ist('2049-06-07', '12:00'));
    const reviewer = await fundedUser(t, 0);
    t.clock.set(ist(date, '06:02'));
    await photoCheckIn(lost.u, lost.id, await photoLikeJpeg(6091)).expect(200);
    t.clock.set(ist(date, '06:03'));
    await photoCheckIn(kept.u, kept.id, await photoLikeJpeg(6092)).expect(200);
    const [{ photo_path: key }] = (await t.app.get(DataSource).query('SELECT photo_path FROM challenges WHERE id = $1', [lost.id])) as { photo_path: string }[];
    await t.app.get(PhotoStorage).delete(key);

    const next = await t.http().get('/api/v1/proof-reviews/next').set(reviewer.auth).expect(200);
    expect(next.body.data).toMatchObject({ id: kept.id, photo: expect.stringMatching(/^data:image\/jpeg;base64,/) });

    for (const c of [lost, kept]) await t.http().post(`/api/v1/support/challenges/${c.id}/proof`).set(staff.auth).send({ verdict: 'ACCEPTED' }).expect(200);
  });
});
