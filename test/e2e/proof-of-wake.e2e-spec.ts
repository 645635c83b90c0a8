import { CommandBus, QueryBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { pool } from '../../src/modules/wallet/domain/accounts.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';
import { balanceOf, createUser, TestUser } from '../factories/wallet.js';
import { photoLikeJpeg, photoLikePng, reencode, resized, withGps } from '../factories/photos.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createChallenge, fundedUser, ist, walletOf } from './challenges-helpers.js';
import { askReferee, answer, groupOf, nameReferee } from './groups-helpers.js';

/** Proof of wake. Dates of their own (2049-03; 2049 has 2027's calendar), so no other file's challenges share these pools. */
describe('proof of wake', () => {
  let t: TestApp;
  let ds: DataSource;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    staff = await createUser(t, { role: 'SUPPORT' });
  });
  afterAll(() => t.close());

  const dayBefore = (date: string) => {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    return d.toISOString().slice(0, 10);
  };
  /** A funded user staking `forfeit` on `date` at 06:00 with `proof` (booked the day before at noon). */
  async function staked(date: string, forfeit: number, proof?: 'NONE' | 'PHOTO'): Promise<{ u: TestUser; id: string }> {
    t.clock.set(ist(dayBefore(date), '12:00'));
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, { challengeDate: date, wakeUpTime: '06:00', forfeitAmount: forfeit, ...(proof ? { proof } : {}) }).expect(201);
    return { u, id: res.body.challenge.id };
  }
  const photoCheckIn = (u: TestUser, id: string, photo: Buffer, type = 'image/jpeg') =>
    t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'PHOTO')
      .attach('photo', photo, { filename: 'morning.jpg', contentType: type });
  const get = async (u: TestUser, id: string) => (await t.http().get(`/api/v1/challenges/${id}`).set(u.auth).expect(200)).body.challenge;
  const verdict = (id: string, body: Record<string, unknown>) => t.http().post(`/api/v1/support/challenges/${id}/proof`).set(staff.auth).send(body);
  const fingerprints = async (challengeId: string) =>
    Number((await ds.query(`SELECT count(*)::int AS n FROM photo_fingerprints WHERE challenge_id = $1`, [challengeId]))[0].n);

  it('proof defaults to NONE and is answered on challenges, plans and test challenges; another word is a 400', async () => {
    const { u, id } = await staked('2049-03-02', 20);
    const one = await get(u, id);
    expect(one).toMatchObject({ proof: 'NONE', proofStatus: null });
    const list = await t.http().get('/api/v1/challenges').set(u.auth).expect(200);
    expect(list.body.challenges[0]).toMatchObject({ id, proof: 'NONE', proofStatus: null });

    const bad = await createChallenge(t, u, { challengeDate: '2049-03-03', wakeUpTime: '06:00', forfeitAmount: 20, proof: 'SELFIE' }).expect(400);
    expect(bad.body.error).toContain('proof must be NONE or PHOTO');
    const photo = await createChallenge(t, u, { challengeDate: '2049-03-03', wakeUpTime: '06:00', forfeitAmount: 20, proof: 'PHOTO' }).expect(201);
    expect(photo.body.challenge).toMatchObject({ proof: 'PHOTO', proofStatus: null });

    const plan = await t
      .http()
      .post('/api/v1/challenge-plans')
      .set(u.auth)
      .send({ days: 'EVERY_DAY', wakeUpTime: '06:00', forfeitAmount: 10, startDate: '2049-03-10', weeks: 1, proof: 'PHOTO' })
      .expect(201);
    expect(plan.body.data.plan).toMatchObject({ proof: 'PHOTO' });
    await t
      .http()
      .post('/api/v1/challenge-plans')
      .set(u.auth)
      .send({ days: 'EVERY_DAY', wakeUpTime: '06:00', forfeitAmount: 10, startDate: '2049-03-10', weeks: 1, proof: 'photo!' })
      .expect(400);

    const test = await t
      .http()
      .post('/api/v1/test/challenges/create-test-challenge')
      .set(u.auth)
      .send({ challengeDate: '2049-03-04', wakeUpTime: '06:00', proof: 'PHOTO' })
      .expect(201);
    expect(test.body.challenge ?? test.body.data?.challenge ?? test.body).toMatchObject({ proof: 'PHOTO', isTest: true });
  });

  it('a PHOTO challenge refuses a manual check-in and a check-in without a photo, recording nothing', async () => {
    const { u, id } = await staked('2049-03-05', 20, 'PHOTO');
    t.clock.set(ist('2049-03-05', '06:02'));
    const manual = await t.http().post('/api/v1/challenges/verify').set(u.auth).send({ challengeId: id, verificationMethod: 'MANUAL' }).expect(400);
    expect(manual.body.error).toMatch(/photo taken in the app is needed/);
    const noPhoto = await t.http().post('/api/v1/challenges/verify').set(u.auth).field('challengeId', id).field('verificationMethod', 'PHOTO').expect(400);
    expect(noPhoto.body.error).toMatch(/photo taken in the app is needed/);
    expect(await get(u, id)).toMatchObject({ status: 'PENDING', checkInTime: null, proofStatus: null });
  });

  it('takes a new photo (stored without its EXIF and location), then refuses it again as the same bytes, re-encoded or resized, for anyone', async () => {
    const date = '2049-03-06';
    const [a, b, c] = [await staked(date, 20, 'PHOTO'), await staked(date, 20, 'PHOTO'), await staked(date, 20, 'PHOTO')];
    const original = await withGps(await photoLikeJpeg(3301));
    t.clock.set(ist(date, '06:01'));
    const ok = await photoCheckIn(a.u, a.id, original).expect(200);
    expect(ok.body.challenge).toMatchObject({
      status: 'COMPLETED',
      isSuccessful: true,
      verificationMethod: 'PHOTO',
      hasPhoto: true,
      proof: 'PHOTO',
      proofStatus: 'PENDING_REVIEW',
    });
    const stored = await t
      .http()
      .get(`/api/v1/support/challenges/${a.id}/photo`)
      .set(staff.auth)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const kept = stored.body as Buffer;
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(kept.includes(Buffer.from('TestPhone'))).toBe(false);

    for (const [who, copy] of [
      [b, original],
      [b, await reencode(original, 60)],
      [c, await resized(original, 0.5)],
      [c, await reencode(await resized(original, 0.75), 80)],
    ] as const) {
      const refused = await photoCheckIn(who.u, who.id, copy).expect(400);
      expect(refused.body.error).toBe('This photo has been used before: take a new photo in the app to check in');
      expect(await get(who.u, who.id)).toMatchObject({ status: 'PENDING', checkInTime: null, proofStatus: null });
      expect(await fingerprints(who.id)).toBe(0);
    }
    // a different picture is a new morning
    await photoCheckIn(b.u, b.id, await photoLikeJpeg(3302)).expect(200);
    expect(await fingerprints(a.id)).toBe(1);
  });

  it('records one morning when the same picture arrives from several people at once (one batch or several), refusing the others', async () => {
    const date = '2049-03-07';
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await staked(date, 20, 'PHOTO'));
    const original = await photoLikeJpeg(3303);
    const copies = [original, original, await reencode(original, 70), await resized(original, 0.6)];
    t.clock.set(ist(date, '06:03'));
    const answers = await Promise.all(people.map((p, i) => photoCheckIn(p.u, p.id, copies[i])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400]);
    for (const [i, a] of answers.entries()) {
      if (a.status === 400) {
        expect(a.body.error).toBe('This photo has been used before: take a new photo in the app to check in');
        expect(await get(people[i].u, people[i].id)).toMatchObject({ status: 'PENDING', checkInTime: null, proofStatus: null });
      } else {
        expect(a.body.challenge).toMatchObject({ status: 'COMPLETED', proofStatus: 'PENDING_REVIEW' });
      }
      expect(await fingerprints(people[i].id)).toBe(a.status === 200 ? 1 : 0);
    }
    // the refused people still check in with pictures of their own
    for (const [i, a] of answers.entries()) if (a.status === 400) await photoCheckIn(people[i].u, people[i].id, await photoLikeJpeg(3350 + i)).expect(200);
  });

  it('settles each proof level in its own pool, to the paisa: a NONE miss pays only NONE winners, a PHOTO miss only PHOTO winners', async () => {
    const date = '2049-03-08';
    const noneWin = await staked(date, 100);
    const noneMiss = await staked(date, 100);
    const photoWin1 = await staked(date, 50, 'PHOTO');
    const photoWin2 = await staked(date, 30, 'PHOTO');
    const photoMiss = await staked(date, 40, 'PHOTO');
    t.clock.set(ist(date, '06:03'));
    await t.http().post('/api/v1/challenges/verify').set(noneWin.u.auth).send({ challengeId: noneWin.id, verificationMethod: 'MANUAL' }).expect(200);
    await photoCheckIn(photoWin1.u, photoWin1.id, await photoLikeJpeg(3311)).expect(200);
    await photoCheckIn(photoWin2.u, photoWin2.id, await photoLikePng(3312), 'image/png').expect(200);

    const none = await t.http().get(`/api/v1/challenges/pool?date=${date}`).set(noneWin.u.auth).expect(200);
    expect(none.body.data).toMatchObject({ proof: 'NONE', players: 2, totalStaked: 200 });
    const photo = await t.http().get(`/api/v1/challenges/pool?date=${date}&proof=PHOTO`).set(noneWin.u.auth).expect(200);
    expect(photo.body.data).toMatchObject({ proof: 'PHOTO', players: 3, totalStaked: 120, checkedIn: 2 });
    await t.http().get(`/api/v1/challenges/pool?date=${date}&proof=VIDEO`).set(noneWin.u.auth).expect(400);

    t.clock.set(ist(date, '09:00'));
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
    // NONE: pool 15.00 all to the one winner; PHOTO: pool 6.00 shared 50:30 → 3.75 and 2.25
    expect(await walletOf(t, noneWin.u.id)).toBe(51_500n);
    expect(await walletOf(t, noneMiss.u.id)).toBe(48_500n);
    expect(await walletOf(t, photoWin1.u.id)).toBe(50_375n);
    expect(await walletOf(t, photoWin2.u.id)).toBe(50_225n);
    expect(await walletOf(t, photoMiss.u.id)).toBe(49_400n);
    expect(await balanceOf(t, pool(date))).toBe(0n);
    expect(await balanceOf(t, pool(date, false, 'PHOTO'))).toBe(0n);
    const runs = await ds.query(
      `SELECT receipt->>'proof' AS proof, pool::text AS pool, participants FROM settlement_runs WHERE settlement_date = $1 ORDER BY batch_no`,
      [date],
    );
    expect(runs).toEqual([
      { proof: null, pool: '1500', participants: 2 },
      { proof: 'PHOTO', pool: '600', participants: 3 },
    ]);
    const mine = await t.http().get(`/api/v1/settlements/${date}`).set(photoWin1.u.auth).expect(200);
    expect(JSON.stringify(mine.body.data)).toContain('"proof":"PHOTO"');
    // unreviewed photos settle as accepted
    expect(await get(photoWin1.u, photoWin1.id)).toMatchObject({ status: 'PROCESSED', proofStatus: 'ACCEPTED', winningsAmount: 53.75 });
    const verify = await t.app.get(QueryBus).execute(new VerifyLedgerQuery());
    expect(verify.problems).toEqual([]);
  });

  it('a photo rejected by support settles as a miss (its owner told why), its pool paying the other winner; a verdict after settlement is refused', async () => {
    const date = '2049-03-09';
    const honest = await staked(date, 50, 'PHOTO');
    const cheat = await staked(date, 100, 'PHOTO');
    const plain = await staked(date, 20);
    t.clock.set(ist(date, '06:04'));
    await photoCheckIn(honest.u, honest.id, await photoLikeJpeg(3321)).expect(200);
    await photoCheckIn(cheat.u, cheat.id, await photoLikeJpeg(3322)).expect(200);

    await verdict(cheat.id, { verdict: 'MAYBE' }).expect(400);
    await t.http().post(`/api/v1/support/challenges/${cheat.id}/proof`).set(cheat.u.auth).send({ verdict: 'REJECTED' }).expect(403);
    const notPhoto = await verdict(plain.id, { verdict: 'REJECTED' }).expect(400);
    expect(notPhoto.body.error).toMatch(/no photo proof/);
    const rejected = await verdict(cheat.id, { verdict: 'REJECTED', note: 'A photo of a screen' }).expect(200);
    const story = await t.http().get(`/api/v1/support/challenges/${cheat.id}`).set(staff.auth).expect(200);
    expect(story.body.data.challenge).toMatchObject({ proof: 'PHOTO', proofStatus: 'REJECTED' });
    expect(rejected.body.data).toMatchObject({ proofStatus: 'REJECTED', verdict: 'REJECTED' });
    expect(await get(cheat.u, cheat.id)).toMatchObject({
      proofStatus: 'REJECTED',
      isSuccessful: false,
      failureReason: 'Photo proof rejected by support: A photo of a screen',
      actualForfeitAmount: 15,
    });

    t.clock.set(ist(date, '09:00'));
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
    // the cheat: 85 back, 15 to the PHOTO pool, all of it to the honest winner
    expect(await walletOf(t, cheat.u.id)).toBe(48_500n);
    expect(await walletOf(t, honest.u.id)).toBe(51_500n);
    // the NONE player missed alone: 17 back, its 3 to platform revenue (never to the PHOTO winner)
    expect(await walletOf(t, plain.u.id)).toBe(49_700n);
    expect(await get(cheat.u, cheat.id)).toMatchObject({
      status: 'PROCESSED',
      isSuccessful: false,
      proofStatus: 'REJECTED',
      failureReason: 'Photo proof rejected by support: A photo of a screen',
    });

    const [notice] = await ds.query(`SELECT message FROM notifications WHERE user_id = $1 AND type = 'SETTLEMENT_REFUNDED'`, [cheat.u.id]);
    expect(notice.message).toMatch(/^Photo proof rejected by support: A photo of a screen\. /);
    const [line] = await ds.query(`SELECT miss_note FROM settlement_lines WHERE challenge_id = $1`, [cheat.id]);
    expect(line.miss_note).toBe('Photo proof rejected by support: A photo of a screen');
    const late = await verdict(cheat.id, { verdict: 'ACCEPTED', note: 'second thoughts' }).expect(400);
    expect(late.body.error).toMatch(/already been settled/);
    // the miss can be appealed as any miss
    await t.http().post(`/api/v1/challenges/${cheat.id}/appeal`).set(cheat.u.auth).send({ reason: 'That was my real bathroom mirror, honestly.' }).expect(201);
    const verify = await t.app.get(QueryBus).execute(new VerifyLedgerQuery());
    expect(verify.problems).toEqual([]);

    const exported = await t.http().get('/api/v1/me/export').set(cheat.u.auth).expect(200);
    expect(exported.body.data.proofOfWake.photoFingerprints).toEqual([
      expect.objectContaining({ challengeId: cheat.id, source: 'CHECK_IN', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    expect(exported.body.data.proofOfWake.verdictsOnMyPhotos).toEqual([
      expect.objectContaining({ challengeId: cheat.id, reviewerRole: 'SUPPORT', verdict: 'REJECTED', note: 'A photo of a screen' }),
    ]);
    expect(exported.body.data.proofOfWake.verdictsOnMyPhotos[0].reviewerId).toBeUndefined();
  });

  it('peers review anonymous photos only from pools they have no stake in; two rejections reject', async () => {
    const date = '2049-03-12';
    const owner = await staked(date, 40, 'PHOTO');
    const samePool = await staked(date, 20, 'PHOTO');
    const nonePlayer = await staked(date, 20); // the same date's NONE pool: no stake in the PHOTO pool
    t.clock.set(ist(dayBefore(date), '12:00'));
    const idle = await fundedUser(t, 0); // no challenge at all
    t.clock.set(ist(date, '06:05'));
    await photoCheckIn(owner.u, owner.id, await photoLikeJpeg(3331)).expect(200);

    // this date's PHOTO players never see it; the owner neither
    for (const who of [owner.u, samePool.u]) {
      const none = await t.http().get('/api/v1/proof-reviews/next').set(who.auth).expect(200);
      expect(none.body.data === null || none.body.data.id !== owner.id).toBe(true);
    }
    await t.http().post(`/api/v1/proof-reviews/${owner.id}`).set(samePool.u.auth).send({ verdict: 'REJECTED' }).expect(404);

    const shown = await t.http().get('/api/v1/proof-reviews/next').set(nonePlayer.u.auth).expect(200);
    // oldest first: earlier files' photos may wait too, so look for this one among what the queue offers
    const offered = shown.body.data;
    expect(offered).toEqual(
      expect.objectContaining({
        wakeUpTime: expect.any(String),
        checkInTime: expect.any(String),
        photo: expect.stringMatching(/^data:image\/(jpeg|png);base64,/),
      }),
    );
    expect(JSON.stringify(offered)).not.toContain(owner.u.id);
    expect(JSON.stringify(offered)).not.toContain('Test User');

    await t.http().post(`/api/v1/proof-reviews/${owner.id}`).set(nonePlayer.u.auth).send({ verdict: 'NOPE' }).expect(400);
    await t.http().post(`/api/v1/proof-reviews/${owner.id}`).set(nonePlayer.u.auth).send({ verdict: 'REJECTED' }).expect(200);
    expect(await get(owner.u, owner.id)).toMatchObject({ proofStatus: 'PENDING_REVIEW', isSuccessful: true });
    // an answer is given once
    await t.http().post(`/api/v1/proof-reviews/${owner.id}`).set(nonePlayer.u.auth).send({ verdict: 'REJECTED' }).expect(404);
    await t.http().post(`/api/v1/proof-reviews/${owner.id}`).set(idle.auth).send({ verdict: 'REJECTED' }).expect(200);
    expect(await get(owner.u, owner.id)).toMatchObject({
      proofStatus: 'REJECTED',
      isSuccessful: false,
      failureReason: 'Photo proof rejected by peer review (not a real morning)',
    });
  });

  it('the person’s referee rejecting a PHOTO morning before settlement makes it a miss, with the referee’s note', async () => {
    const date = '2049-03-14';
    const me = await staked(date, 30, 'PHOTO');
    const friend = await fundedUser(t, 0);
    const groupId = await groupOf(t, 'Early birds 33', me.u, friend);
    await nameReferee(t, groupId, me.u, friend.id);
    t.clock.set(ist(date, '06:02'));
    await photoCheckIn(me.u, me.id, await photoLikeJpeg(3341)).expect(200);
    const requestId = await askReferee(t, me.u, me.id);
    await answer(t, friend, requestId, 'reject', 'That is yesterday’s kitchen');
    expect(await get(me.u, me.id)).toMatchObject({
      proofStatus: 'REJECTED',
      isSuccessful: false,
      failureReason: 'Photo proof rejected by your referee: That is yesterday’s kitchen',
    });
    // support has the last word
    await verdict(me.id, { verdict: 'ACCEPTED', note: 'Checked with the person' }).expect(200);
    expect(await get(me.u, me.id)).toMatchObject({ proofStatus: 'ACCEPTED', isSuccessful: true, failureReason: null });
  });
});
