import { createTestApp, TestApp } from '../setup/test-app.js';
import { PrivateRedis } from '../setup/private-redis.js';

import type { Response } from 'supertest';

async function eventually(fn: () => PromiseLike<Response>, ok: (v: Response) => boolean, ms = 15000): Promise<Response> {
  const deadline = Date.now() + ms;
  let last = await fn();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await fn();
  }
  return last;
}

describe('health when Redis goes away and comes back', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await PrivateRedis.create();
    t = await createTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await redis.start().catch(() => undefined);
    await t.close();
    await redis.stop();
  });

  it('answers 200, then 503 naming Redis while it is down, then 200 again', async () => {
    await t.http().get('/api/v1/health').expect(200);
    await redis.stop();
    const down = await eventually(
      () => t.http().get('/api/v1/health'),
      (r) => r.status === 503,
    );
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ success: false, statusCode: 503, error: 'Redis is down', redis: 'down', database: 'up' });
    await redis.start();
    const up = await eventually(
      () => t.http().get('/api/v1/health'),
      (r) => r.status === 200,
    );
    expect(up.body).toMatchObject({ success: true, redis: 'up', database: 'up' });
  });
});
