import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { createWorker } from '../../src/bootstrap.js';
import { runMigrations } from '../../src/database/migrate.js';
import { WorkerHttpServer } from '../../src/observability/worker-http.js';
import { PrivatePostgres } from '../setup/private-postgres.js';
import { createTestApp, TestApp, testConfig } from '../setup/test-app.js';
import { until } from '../simulation/wait.js';

/** Liveness and readiness on a private PostgreSQL the test stops and starts (never the machine's shared one). */
describe('health probes: live and ready', () => {
  let pg: PrivatePostgres;
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let workerUrl = '';

  beforeAll(async () => {
    pg = await PrivatePostgres.create();
    // Booted before any migration ran: readiness must say so.
    t = await createTestApp({ env: { DATABASE_URL: pg.url }, listen: true });
  }, 60_000);
  afterAll(async () => {
    await pg?.start().catch(() => undefined);
    await worker?.close().catch(() => undefined);
    await t?.close().catch(() => undefined);
    await pg?.destroy();
  });

  const ready = () => request(t.url).get('/api/v1/health/ready').timeout(10_000);

  it('is not ready while migrations are pending, and ready once they are applied', async () => {
    const before = await ready();
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ success: false, statusCode: 503, error: 'Not ready: pending migrations', status: 'error' });
    expect(before.body.details).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' }, migrations: { status: 'down' } });
    await runMigrations(pg.url);
    const after = await ready();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      success: true,
      status: 'ok',
      details: { database: { status: 'up' }, redis: { status: 'up' }, migrations: { status: 'up' } },
    });
  });

  it('readiness fails while PostgreSQL is stopped and recovers without a restart; liveness stays up; /health keeps its shape', async () => {
    worker = await createWorker(testConfig({ DATABASE_URL: pg.url, WORKER_HEALTH_PORT: '0', WORKER_HEALTH_HOST: '127.0.0.1' }));
    workerUrl = `http://127.0.0.1:${worker.get(WorkerHttpServer).port}`;
    await request(workerUrl).get('/health').expect(200);

    await pg.stop();
    const down = await until(
      'readiness 503',
      async () => {
        const r = await ready();
        return r.status === 503 ? r : null;
      },
      15_000,
      200,
    );
    expect(down.body).toMatchObject({
      success: false,
      statusCode: 503,
      error: expect.stringContaining('PostgreSQL'),
      details: { database: { status: 'down' }, redis: { status: 'up' } },
    });
    const live = await request(t.url).get('/api/v1/health/live').expect(200);
    expect(live.body).toMatchObject({ success: true, status: 'ok' });
    const legacy = await request(t.url).get('/api/v1/health').timeout(10_000);
    expect(legacy.status).toBe(503);
    expect(legacy.body).toMatchObject({ success: false, statusCode: 503, database: 'down', redis: 'up' });
    const workerDown = await request(workerUrl).get('/health').timeout(10_000);
    expect(workerDown.status).toBe(503);
    expect(workerDown.body.details).toMatchObject({ database: { status: 'down' } });
    await request(workerUrl).get('/health/live').expect(200);

    await pg.start();
    const up = await until(
      'readiness 200',
      async () => {
        const r = await ready();
        return r.status === 200 ? r : null;
      },
      20_000,
      200,
    );
    expect(up.body).toMatchObject({ success: true, status: 'ok' });
    await until('worker readiness 200', async () => (await request(workerUrl).get('/health')).status === 200, 20_000, 200);
    await request(t.url).get('/api/v1/health').expect(200);
  });
});
