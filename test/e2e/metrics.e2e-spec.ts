import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createWorker } from '../../src/bootstrap.js';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { Metrics } from '../../src/observability/metrics.service.js';
import { WorkerHttpServer } from '../../src/observability/worker-http.js';
import { createUser } from '../factories/wallet.js';
import { createTestApp, TestApp, testConfig } from '../setup/test-app.js';

/** One sample's value from Prometheus text, by metric name and exact labels (undefined: no such series). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (.+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got: Record<string, string> = {};
    for (const pair of (m[3] ?? '').match(/[a-zA-Z_]+="[^"]*"/g) ?? []) {
      const eq = pair.indexOf('=');
      got[pair.slice(0, eq)] = pair.slice(eq + 2, -1);
    }
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describe('GET /metrics (api and worker)', () => {
  let t: TestApp;
  let queue: Queue;
  beforeAll(async () => {
    t = await createTestApp();
    queue = new Queue('payouts', { connection: redisOptionsFromUrl(t.config.redisUrl), prefix: t.config.redisPrefix });
  });
  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await t?.close();
  });

  const scrape = async (): Promise<string> => {
    await t.app.get(Metrics).refresh();
    const res = await t.http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.text;
  };

  it('is Prometheus text outside /api/v1, not the client page', async () => {
    const res = await t.http().get('/metrics').expect(200);
    expect(res.text).not.toMatch(/<html/i);
    expect(res.text).toMatch(/^# HELP /m);
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('labels HTTP latency and counts by route pattern and status, never by raw URL', async () => {
    const user = await createUser(t);
    const id = randomUUID();
    await t.http().get(`/api/v1/challenges/${id}`).set(user.auth).expect(404);
    await t.http().get('/api/v1/challenges/not-a-uuid').set(user.auth);
    await t.http().get('/api/v1/health').expect(200);
    const text = await scrape();
    const route = '/api/v1/challenges/:id';
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/v1/health', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/v1/health', status_code: '200', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    // Buckets are cumulative: every request of the series is within 10 s, and no bucket holds more than +Inf.
    const health = { method: 'GET', route: '/api/v1/health', status_code: '200' };
    const all = sample(text, 'http_request_duration_seconds_count', health);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '10' })).toBe(all);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...health, le: '0.005' })).toBeLessThanOrEqual(all!);
    expect(sample(text, 'http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toMatch(/^# TYPE http_requests_total counter$/m);
    expect(text).not.toContain(id);
    expect(text).not.toContain('not-a-uuid');
  });

  let delayedPayouts = 0;
  it('shows queue depth per queue and state', async () => {
    const before = sample(await scrape(), 'bullmq_queue_jobs', { queue: 'payouts', state: 'delayed' }) ?? 0;
    await queue.add('pay', { withdrawalId: randomUUID() }, { delay: 3_600_000 });
    await queue.add('pay', { withdrawalId: randomUUID() }, { delay: 3_600_000 });
    const text = await scrape();
    delayedPayouts = before + 2;
    expect(sample(text, 'bullmq_queue_jobs', { queue: 'payouts', state: 'delayed' })).toBe(delayedPayouts);
    expect(sample(text, 'bullmq_queue_jobs', { queue: 'payouts', state: 'failed' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'bullmq_queue_jobs', { queue: 'settlement', state: 'active' })).toBeDefined();
    expect(sample(text, 'bullmq_queue_jobs', { queue: 'mail', state: 'waiting' })).toBeDefined();
  });

  it('shows deposits and payouts by outcome, the ledger verify result and the PostgreSQL pool', async () => {
    const user = await createUser(t);
    const before = await scrape();
    const pending0 = sample(before, 'wakestake_deposits_total', { outcome: 'pending' }) ?? 0;
    await t.http().post('/api/v1/wallet/deposit').set(user.auth).send({ amount: 100 }).expect(201);
    const text = await scrape();
    expect(sample(text, 'wakestake_deposits_total', { outcome: 'pending' })).toBe(pending0 + 1);
    expect(sample(text, 'wakestake_payouts_total', { outcome: 'success' })).toBeDefined();
    // The last verification decides (whatever other files left in this run's database): a failed one, then a clean one.
    const verification = (ok: boolean) =>
      t.app
        .get(DataSource)
        .query(`INSERT INTO ledger_verifications (ok, checked_at, entries, accounts, journal_sum, created_at) VALUES ($1, now(), 0, 0, 0, now())`, [ok]);
    await verification(false);
    expect(sample(await scrape(), 'wakestake_ledger_verify_ok')).toBe(0);
    await verification(true);
    expect(sample(await scrape(), 'wakestake_ledger_verify_ok')).toBe(1);
    expect(sample(text, 'pg_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pg_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
  });

  it('shows settlement progress: challenges settled, seconds to finish and the margin to the 15:00 deadline', async () => {
    const ds = t.app.get(DataSource);
    const before = sample(await scrape(), 'wakestake_settlement_challenges_settled_total') ?? 0;
    // A run of 2099-01-15 (IST: later than any other file's, so it is the last completed) that started 09:00 and finished 09:20 IST: 20 minutes, 5 h 40 min before 15:00 IST.
    await ds.query(
      `INSERT INTO settlement_runs (settlement_date, batch_no, status, participants, successes, failures, pool, shares_total, rounding_remainder,
         platform_revenue, money_in, money_out, receipt, started_at, finished_at)
       VALUES ('2099-01-15', 1, 'SETTLED', 3, 2, 1, 0, 0, 0, 0, 0, 0, '{}', '2099-01-15T03:30:00Z', '2099-01-15T03:50:00Z')`,
    );
    let text: string;
    try {
      text = await scrape();
    } finally {
      // The row stands for a run only to the gauges (its receipt is empty): no later test of the run may read it.
      await ds.query(`DELETE FROM settlement_runs WHERE settlement_date = '2099-01-15'`);
    }
    expect(sample(text, 'wakestake_settlement_challenges_settled_total')).toBe(before + 3);
    expect(sample(text, 'wakestake_settlement_last_completed_timestamp_seconds')).toBe(Date.parse('2099-01-15T03:50:00Z') / 1000);
    expect(sample(text, 'wakestake_settlement_last_duration_seconds')).toBe(1200);
    expect(sample(text, 'wakestake_settlement_deadline_margin_seconds')).toBe(5 * 3600 + 40 * 60);
    expect(sample(text, 'wakestake_mail_outbox', { state: 'pending' })).toBeDefined();
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = `m-${randomUUID()}`;
    const guarded = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const denied = await guarded.http().get('/metrics').expect(401);
      expect(denied.body).toEqual({ success: false, statusCode: 401, error: expect.any(String), message: expect.any(String) });
      await guarded.http().get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
      const ok = await guarded.http().get('/metrics').set('Authorization', `Bearer ${token}`).expect(200);
      expect(ok.text).toContain('http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });

  it('the worker answers /metrics and /health on its own port', async () => {
    let worker: INestApplicationContext | undefined;
    try {
      worker = await createWorker(testConfig({ WORKER_HEALTH_PORT: '0', WORKER_HEALTH_HOST: '127.0.0.1' }));
      const port = worker.get(WorkerHttpServer).port;
      expect(port).toBeGreaterThan(0);
      const base = `http://127.0.0.1:${port}`;
      const metrics = await request(base).get('/metrics').expect(200);
      expect(sample(metrics.text, 'bullmq_queue_jobs', { queue: 'payouts', state: 'delayed' })).toBe(delayedPayouts);
      expect(sample(metrics.text, 'wakestake_settlement_deadline_margin_seconds')).toBeDefined();
      expect(sample(metrics.text, 'pg_pool_connections', { state: 'total' })).toBeDefined();
      const health = await request(base).get('/health').expect(200);
      expect(health.body).toMatchObject({
        success: true,
        status: 'ok',
        details: { database: { status: 'up' }, redis: { status: 'up' }, migrations: { status: 'up' } },
      });
      await request(base).get('/anything').expect(404);
    } finally {
      await worker?.close();
    }
  });
});
