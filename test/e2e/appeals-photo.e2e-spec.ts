import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { addDays, zonedInstant } from '../../src/common/time.js';
import { TokenService } from '../../src/common/auth/token.service.js';
import { EraseCheckInDetailsCommand } from '../../src/modules/challenges/proof/commands/erase-check-in-details/erase-check-in-details.command.js';
import { PurgeExpiredPhotosCommand } from '../../src/modules/challenges/proof/commands/purge-expired-photos/purge-expired-photos.command.js';
import { PHOTO_RETENTION_DAYS } from '../../src/modules/challenges/proof/domain/photo-retention.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { rupees, seedDay, Seeded } from './settlement-seed.js';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DAY = '2026-02-17';

/** An appeal may carry one photo: stored under appeals/, shown to support (the look recorded), purged and erased like selfies. */
describe('appeal photos', () => {
  let t: TestApp;
  let ds: DataSource;
  let staff: TestUser;
  let misses: Seeded[];
  const auth = (s: Seeded) => ({ Authorization: `Bearer ${t.app.get(TokenService).sign({ id: s.userId, email: s.email, role: 'USER' })}` });
  const photoPath = async (challengeId: string) =>
    ((await ds.query(`SELECT photo_path FROM challenge_appeals WHERE challenge_id = $1`, [challengeId])) as { photo_path: string | null }[])[0]?.photo_path;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    staff = await createUser(t, { role: 'SUPPORT' });
    misses = await seedDay(t.app, DAY, [
      { stake: rupees(40), ok: false },
      { stake: rupees(40), ok: false },
      { stake: rupees(40), ok: false },
    ]);
    t.clock.set(zonedInstant(DAY, '07:00', 'Asia/Kolkata'));
  });
  afterAll(() => t.close());

  const file = (s: Seeded, reason: string) => t.http().post(`/api/v1/challenges/${s.challengeId}/appeal`).set(auth(s)).field('reason', reason);

  it('takes a reason and a PNG as a form, and support sees the photo, the look recorded', async () => {
    const filed = await file(misses[0], 'Here is the error the app showed me.')
      .attach('photo', PNG_1PX, { filename: 'error.png', contentType: 'image/png' })
      .expect(201);
    expect(filed.body).toMatchObject({ status: 'OPEN', hasPhoto: true, reason: 'Here is the error the app showed me.' });
    const key = await photoPath(misses[0].challengeId);
    expect(key).toMatch(new RegExp(`^appeals/${misses[0].challengeId}-[0-9a-f-]+\\.png$`));
    expect(existsSync(join(t.config.uploadsDir, key!))).toBe(true);

    const photo = await t.http().get(`/api/v1/support/appeals/${filed.body.id}/photo`).set(staff.auth).expect(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body as Buffer, PNG_1PX)).toBe(0);
    const [look] = await ds.query(`SELECT action, subject_user_id FROM support_access_log WHERE target = $1`, [`appeal:${filed.body.id}:photo`]);
    expect(look).toMatchObject({ action: 'appeal.photo', subject_user_id: misses[0].userId });
    await t.http().get(`/api/v1/support/appeals/${filed.body.id}/photo`).set(auth(misses[0])).expect(403);
    const listed = (await t.http().get('/api/v1/support/appeals?status=OPEN').set(staff.auth).expect(200)).body.data.appeals;
    expect(listed.find((a: { id: string }) => a.id === filed.body.id)).toMatchObject({ hasPhoto: true });
  });

  it('refuses a file that is not a JPEG or PNG, keeping nothing, and takes a form without a photo', async () => {
    const bad = await file(misses[1], 'A text file, not a photo at all.')
      .attach('photo', Buffer.from('hello'), { filename: 'x.png', contentType: 'image/png' })
      .expect(400);
    expect(bad.body.error).toBe('photo: must be a JPEG or PNG image');
    expect(await photoPath(misses[1].challengeId)).toBeUndefined();
    const plain = await file(misses[1], 'No photo this time, just words.').expect(201);
    expect(plain.body).toMatchObject({ status: 'OPEN', hasPhoto: false });
    await t.http().get(`/api/v1/support/appeals/${plain.body.id}/photo`).set(staff.auth).expect(404);
    // a second appeal with a photo is refused and leaves no file behind
    const again = await file(misses[1], 'Trying again with a photo now.').attach('photo', PNG_1PX, { filename: 'e.png', contentType: 'image/png' }).expect(400);
    expect(again.body.error).toBe('This morning has been appealed already');
  });

  it('erases the photo when the account closes, and purges it with the selfies after the retention', async () => {
    await file(misses[2], 'Another screenshot of the error.').attach('photo', PNG_1PX, { filename: 'e.png', contentType: 'image/png' }).expect(201);
    const erasedKey = (await photoPath(misses[2].challengeId))!;
    await ds.transaction((m) => t.app.get(CommandBus).execute(new EraseCheckInDetailsCommand(misses[2].userId, m)));
    expect(await photoPath(misses[2].challengeId)).toBeNull();
    expect(existsSync(join(t.config.uploadsDir, erasedKey))).toBe(false);

    const kept = (await photoPath(misses[0].challengeId))!;
    t.clock.set(zonedInstant(addDays(DAY, PHOTO_RETENTION_DAYS + 1), '03:30', 'Asia/Kolkata'));
    expect(await t.app.get(CommandBus).execute(new PurgeExpiredPhotosCommand())).toEqual({ purged: 1 });
    expect(await photoPath(misses[0].challengeId)).toBeNull();
    expect(existsSync(join(t.config.uploadsDir, kept))).toBe(false);
  });
});
