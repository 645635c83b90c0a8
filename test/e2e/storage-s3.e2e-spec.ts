import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { PhotoStorage } from '../../src/common/storage/photo-storage.js';
import { S3Storage } from '../../src/common/storage/s3.storage.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { childEnv } from '../setup/child-env.js';
import { startFakeS3, FakeS3 } from '../setup/fake-s3.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { createChallenge, fundedUser, ist } from './challenges-helpers.js';

const TODAY = '2026-11-22';
const DAY = '2026-11-23';
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('fake jpeg body for the storage test')]);
const S3_VARS = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

describe('check-in photos in an S3-compatible store (S3_BUCKET set)', () => {
  let s3: FakeS3;
  let t: TestApp;
  let staff: TestUser;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    s3 = await startFakeS3();
    for (const v of S3_VARS) saved[v] = process.env[v];
    Object.assign(process.env, {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    t = await createTestApp();
    staff = await createUser(t, { role: 'SUPPORT' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    for (const v of S3_VARS)
      if (saved[v] === undefined) delete process.env[v];
      else process.env[v] = saved[v];
  });

  async function pending(): Promise<{ u: TestUser; id: string }> {
    t.clock.set(ist(TODAY, '12:00'));
    const u = await fundedUser(t, 500);
    const res = await createChallenge(t, u, { challengeDate: DAY, wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    t.clock.set(ist(DAY, '06:00'));
    return { u, id: res.body.challenge.id };
  }
  const checkIn = (u: TestUser, id: string, photo: Buffer, name = 'me.png') =>
    t
      .http()
      .post('/api/v1/challenges/verify')
      .set(u.auth)
      .field('challengeId', id)
      .field('verificationMethod', 'PHOTO')
      .attach('photo', photo, { filename: name, contentType: 'image/png' });
  const photoPath = async (id: string) =>
    (await t.app.get(DataSource).query(`SELECT photo_path FROM challenges WHERE id = $1`, [id]))[0].photo_path as string | null;

  it('is selected by S3_BUCKET', () => {
    expect(t.app.get(PhotoStorage).kind).toBe('s3');
  });

  it('stores a check-in photo with one signed PUT of its bytes (none under UPLOADS_DIR); the support console serves it back', async () => {
    const { u, id } = await pending();
    const before = s3.requests.length;
    const ok = await checkIn(u, id, PNG_1PX).expect(200);
    expect(ok.body.challenge).toMatchObject({ status: 'COMPLETED', isSuccessful: true, verificationMethod: 'PHOTO', hasPhoto: true });

    const key = await photoPath(id);
    expect(key).toMatch(new RegExp(`^challenges/${id}-[0-9a-f-]{36}\\.png$`));
    const puts = s3.requests.slice(before).filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ bucket: s3.bucket, key, signed: true, accessKeyId: s3.accessKeyId, contentType: 'image/png', status: 200 });
    expect(puts[0].body.equals(PNG_1PX)).toBe(true);
    expect(s3.objects.get(key!)?.body.equals(PNG_1PX)).toBe(true);
    expect(existsSync(resolve(t.config.uploadsDir, 'challenges')) ? readdirSync(resolve(t.config.uploadsDir, 'challenges')) : []).toEqual([]);

    const served = await t
      .http()
      .get(`/api/v1/support/challenges/${id}/photo`)
      .set({ Authorization: `Bearer ${staff.token}` })
      .buffer(true)
      .expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(served.body as Buffer, PNG_1PX)).toBe(0);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', key, signed: true, status: 200 });
  });

  it('stores a JPEG as image/jpeg', async () => {
    const { u, id } = await pending();
    await checkIn(u, id, JPEG, 'me.jpg').expect(200);
    const key = (await photoPath(id))!;
    expect(key).toMatch(/\.jpg$/);
    expect(s3.objects.get(key)).toEqual({ body: JPEG, contentType: 'image/jpeg' });
  });

  it('answers 404 in the error shape when the bucket answers NoSuchKey', async () => {
    const { u, id } = await pending();
    await checkIn(u, id, PNG_1PX).expect(200);
    const key = (await photoPath(id))!;
    s3.objects.delete(key);
    const res = await t
      .http()
      .get(`/api/v1/support/challenges/${id}/photo`)
      .set({ Authorization: `Bearer ${staff.token}` })
      .expect(404);
    expect(res.body).toEqual({ success: false, statusCode: 404, error: 'This challenge has no photo', message: 'This challenge has no photo' });
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', key, signed: true, status: 404 });
  });

  it('answers 503 when the store fails and leaves the challenge PENDING; the same check-in goes through once it is back', async () => {
    const { u, id } = await pending();
    s3.fail(true);
    const before = s3.requests.length;
    try {
      const down = await checkIn(u, id, PNG_1PX).expect(503);
      expect(down.body).toMatchObject({ success: false, statusCode: 503, error: expect.any(String), message: expect.any(String) });
    } finally {
      s3.fail(false);
    }
    const attempts = s3.requests.slice(before).filter((r) => r.method === 'PUT');
    console.log(`S3 store down: the check-in's PUT was tried ${attempts.length} times (SDK retries) before the 503`);
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.every((r) => r.status === 500)).toBe(true);
    expect(await photoPath(id)).toBeNull();
    const row = (await t.app.get(DataSource).query(`SELECT status FROM challenges WHERE id = $1`, [id]))[0];
    expect(row.status).toBe('PENDING');

    await checkIn(u, id, PNG_1PX).expect(200);
    expect(s3.objects.has((await photoPath(id))!)).toBe(true);
  });

  it('the fake store refuses a request signed with the wrong secret (the signature checks above are real)', async () => {
    const wrong = new S3Storage({
      kind: 's3',
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    try {
      await expect(wrong.put('challenges/forged.png', PNG_1PX, 'image/png')).rejects.toMatchObject({ code: 'STORAGE.UNAVAILABLE' });
    } finally {
      wrong.onApplicationShutdown();
    }
    expect(s3.objects.has('challenges/forged.png')).toBe(false);
    expect(s3.requests.filter((r) => r.key === 'challenges/forged.png').every((r) => !r.signed && r.status === 403)).toBe(true);
  });

  it('deletes an object; deleting a missing one is no error; an unsafe key is never sent', async () => {
    const storage = t.app.get(PhotoStorage);
    await storage.put('challenges/to-delete.png', PNG_1PX, 'image/png');
    expect(await storage.get('challenges/to-delete.png')).toEqual(PNG_1PX);
    await storage.delete('challenges/to-delete.png');
    expect(s3.objects.has('challenges/to-delete.png')).toBe(false);
    expect(await storage.get('challenges/to-delete.png')).toBeNull();
    await expect(storage.delete('challenges/to-delete.png')).resolves.toBeUndefined();
    const before = s3.requests.length;
    expect(await storage.get('../etc/passwd')).toBeNull();
    await expect(storage.put('/abs.png', PNG_1PX, 'image/png')).rejects.toThrow('Invalid storage key');
    expect(s3.requests.length).toBe(before);
  });
});

describe('storage settings at boot', () => {
  it('a malformed S3_ENDPOINT stops the api with one line naming the variable', async () => {
    const entry = resolve(__dirname, '..', '..', 'dist', 'src', 'main.js');
    if (!existsSync(entry)) throw new Error(`${entry} is missing: build first (npx tsc -p tsconfig.build.json)`);
    const child = spawn(process.execPath, [entry], {
      env: childEnv({ PORT: '0', S3_BUCKET: 'wakestake-photos', S3_ENDPOINT: 'minio:9000' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(1);
    expect(out).not.toContain('listening');
    const lines = err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('S3_ENDPOINT');
    expect(lines[0]).toContain('minio:9000');
  });
});
