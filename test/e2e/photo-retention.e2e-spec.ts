import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { addDays } from '../../src/common/time.js';
import { PurgeExpiredPhotosCommand } from '../../src/modules/challenges/proof/commands/purge-expired-photos/purge-expired-photos.command.js';
import { PHOTO_RETENTION_DAYS } from '../../src/modules/challenges/proof/domain/photo-retention.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { createChallenge, fundedUser, ist } from './challenges-helpers.js';

const TODAY = '2026-11-22';
const DAY = '2026-11-23';
const LATER = '2026-11-25';
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('check-in photo retention (local disk)', () => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await createUser(t, { role: 'SUPPORT' });
  });
  afterAll(() => t.close());

  async function checkedInWithPhoto(date: string): Promise<{ id: string; key: string }> {
    t.clock.set(ist(TODAY, '12:00'));
    const u = await fundedUser(t, 500);
    const id = (await createChallenge(t, u, { challengeDate: date, wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201)).body.challenge.id;
    t.clock.set(ist(date, '06:00'));
    await t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'PHOTO')
      .attach('photo', PNG_1PX, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    const [row] = await t.app.get(DataSource).query(`SELECT photo_path FROM challenges WHERE id = $1`, [id]);
    return { id, key: row.photo_path };
  }
  const photoPath = async (id: string) => (await t.app.get(DataSource).query(`SELECT photo_path FROM challenges WHERE id = $1`, [id]))[0].photo_path;

  it(`deletes a photo ${PHOTO_RETENTION_DAYS} days after its challenge date, file and key, and keeps younger ones`, async () => {
    // Other files' photos share this database: purge what is expired by the end of this test's clock first, so the
    // counts below are this test's own.
    t.clock.set(ist(addDays(DAY, PHOTO_RETENTION_DAYS + 1), '03:30'));
    await t.app.get(CommandBus).execute(new PurgeExpiredPhotosCommand());
    const old = await checkedInWithPhoto(DAY);
    const young = await checkedInWithPhoto(LATER);
    const bus = t.app.get(CommandBus);

    t.clock.set(ist(addDays(DAY, PHOTO_RETENTION_DAYS), '12:00')); // exactly the retention: still kept
    expect(await bus.execute(new PurgeExpiredPhotosCommand())).toEqual({ purged: 0 });
    expect(existsSync(join(t.config.uploadsDir, old.key))).toBe(true);

    t.clock.set(ist(addDays(DAY, PHOTO_RETENTION_DAYS + 1), '03:30'));
    expect(await bus.execute(new PurgeExpiredPhotosCommand())).toEqual({ purged: 1 });
    expect(existsSync(join(t.config.uploadsDir, old.key))).toBe(false);
    expect(await photoPath(old.id)).toBeNull();
    expect(existsSync(join(t.config.uploadsDir, young.key))).toBe(true);
    expect(await photoPath(young.id)).toBe(young.key);

    const story = await t.http().get(`/api/v1/support/challenges/${old.id}`).set(staff.auth).expect(200);
    expect(story.body.data.checkIn).toMatchObject({ method: 'PHOTO', hasPhoto: false });
    await t.http().get(`/api/v1/support/challenges/${old.id}/photo`).set(staff.auth).expect(404);

    // again: nothing left to do
    expect(await bus.execute(new PurgeExpiredPhotosCommand())).toEqual({ purged: 0 });
  });

  it('clears a key whose file is already gone (a purge cut short between the two steps)', async () => {
    const { id, key } = await checkedInWithPhoto(DAY);
    const { unlinkSync } = await import('node:fs');
    unlinkSync(join(t.config.uploadsDir, key));
    t.clock.set(ist(addDays(DAY, PHOTO_RETENTION_DAYS + 1), '03:30'));
    expect(await t.app.get(CommandBus).execute(new PurgeExpiredPhotosCommand())).toEqual({ purged: 1 });
    expect(await photoPath(id)).toBeNull();
  });
});
