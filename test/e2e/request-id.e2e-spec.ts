import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import request from 'supertest';
import { childEnv } from '../setup/child-env.js';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { Mailer } from '../../src/modules/identity/infrastructure/mailer.service.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { startWorkerProcess, WorkerProcess } from '../setup/worker-process.js';
import { until } from '../simulation/wait.js';
import { freePort } from '../setup/loopback.js';

const ROOT = resolve(__dirname, '..', '..');
const API_ENTRY = resolve(ROOT, 'dist', 'src', 'main.js');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id (in process)', () => {
  let t: TestApp;
  let closedPort = 0;
  beforeAll(async () => {
    closedPort = await freePort();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}`, MAIL_RETRY_DELAY_MS: '3600000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('honours a plain incoming id and returns it, on success and on errors alike', async () => {
    const id = `trace-${randomUUID()}`;
    expect((await t.http().get('/api/v1/health').set('X-Request-Id', id).expect(200)).headers['x-request-id']).toBe(id);
    expect((await t.http().get('/api/v1/no-such-route').set('X-Request-Id', id).expect(404)).headers['x-request-id']).toBe(id);
    expect((await t.http().post('/api/v1/auth/login').set('X-Request-Id', id).send({ email: 'not-an-email' }).expect(400)).headers['x-request-id']).toBe(id);
  });

  it('generates a UUID when none is sent, and replaces one that could forge log lines', async () => {
    const a = (await t.http().get('/api/v1/health').expect(200)).headers['x-request-id'];
    const b = (await t.http().get('/api/v1/health').expect(200)).headers['x-request-id'];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
    for (const bad of ['two words', 'x'.repeat(129), 'a"}{"level":60', '']) {
      const got = (await t.http().get('/api/v1/health').set('X-Request-Id', bad).expect(200)).headers['x-request-id'];
      expect([bad, got]).toEqual([bad, expect.stringMatching(UUID)]);
    }
  });

  it('lets a browser send and read it (CORS)', async () => {
    const pre = await t
      .http()
      .options('/api/v1/auth/login')
      .set('Origin', t.config.corsOrigins[0])
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,x-request-id');
    expect(pre.status).toBeLessThan(300);
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('x-request-id');
    const res = await t.http().get('/api/v1/health').set('Origin', t.config.corsOrigins[0]).expect(200);
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('x-request-id');
  });

  it('carries the id into the job the request enqueues and into its mail row', async () => {
    const id = `job-${randomUUID()}`;
    const email = `${randomUUID()}@test.local`;
    await t.http().post('/api/v1/auth/register').set('X-Request-Id', id).send({ email, password: 'password-123', fullName: 'Traced' }).expect(201);
    await t.app.get(Mailer).flush(); // the api's own attempt failed (SMTP is down) and queued the retry
    const [row] = await t.app.get(DataSource).query(`SELECT id, request_id FROM mail_outbox WHERE to_address = $1`, [email]);
    expect(row.request_id).toBe(id);
    const queue = new Queue('mail', { connection: redisOptionsFromUrl(t.config.redisUrl), prefix: t.config.redisPrefix });
    try {
      const job = await queue.getJob(`mail-${row.id}`);
      expect(job?.data).toEqual({ outboxId: row.id, requestId: id });
      await job?.remove();
    } finally {
      await queue.close();
    }
  });
});

/**
 * The compiled api and worker at LOG_LEVEL=info with their output captured (build first: npx tsc -p tsconfig.build.json):
 * the id of a request is in its access line, its response and the log lines of the job it enqueued; the access line
 * carries no secret from the query string and no header beyond the allow-list.
 */
describe('X-Request-Id in the logs of the api and the worker', () => {
  let api: ChildProcess;
  let worker: WorkerProcess | undefined;
  let out = '';
  let url = '';
  let smtpPort = 0;
  const env = () => ({
    LOG_LEVEL: 'info',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RETRY_DELAY_MS: '200',
    MAIL_DIR: mkdtempSync(join(tmpdir(), 'wakestake-reqid-mail-')),
    AUTH_RATE_LIMIT_IP: '1000',
  });

  beforeAll(async () => {
    if (!existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} is missing: build first (npx tsc -p tsconfig.build.json)`);
    smtpPort = await freePort(); // nothing listens: every attempt fails and the worker keeps retrying
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, [API_ENTRY], {
      cwd: ROOT,
      env: childEnv({ PORT: String(port), HOST: '127.0.0.1', ...env() }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    api.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    await until(
      'the api to listen',
      async () => {
        if (api.exitCode !== null) throw new Error(`api exited:\n${out}`);
        return out.includes('listening on');
      },
      40_000,
    );
    worker = await startWorkerProcess(env());
  }, 90_000);
  afterAll(async () => {
    if (api && api.exitCode === null && api.signalCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
    await worker?.stop();
  });

  const lines = (text: string): Array<Record<string, any>> =>
    text
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => {
        try {
          return JSON.parse(l) as Record<string, any>;
        } catch {
          return {};
        }
      });

  it('puts the id in the response, the access line and the log lines of the job the request enqueued', async () => {
    const id = `req-${randomUUID()}`;
    const email = `${randomUUID()}@test.local`;
    const res = await request(url)
      .post('/api/v1/auth/register')
      .set('X-Request-Id', id)
      .send({ email, password: 'password-123', fullName: 'Traced' })
      .expect(201);
    expect(res.headers['x-request-id']).toBe(id);

    const access = await until('the access line', async () => lines(out).find((l) => l.req?.id === id && l.res?.statusCode === 201), 15_000);
    expect(access).toMatchObject({ requestId: id, req: { method: 'POST', url: '/api/v1/auth/register' } });
    // The api's own attempt at the mail (SMTP is down) logs under the request's id, then the worker's job does.
    const jobLines = await until(
      'the worker job lines',
      async () => {
        const found = lines(worker!.output()).filter((l) => l.requestId === id);
        return found.some((l) => l.context === 'Jobs') && found.some((l) => l.context === 'Mail') ? found : null;
      },
      20_000,
    );
    expect(jobLines.every((l) => l.requestId === id)).toBe(true);
    expect(lines(out).some((l) => l.context === 'Mail' && l.requestId === id)).toBe(true);
  });

  it('logs neither secret query values nor headers beyond the allow-list', async () => {
    const secret = (k: string) => `${k}-${randomUUID()}`;
    const s = {
      token: secret('tok'),
      newPassword: secret('np'),
      auth: secret('bearer'),
      cookie: secret('cookie'),
      custom: secret('custom'),
      email: `${randomUUID()}@secret.local`,
    };
    const id = `allow-${randomUUID()}`;
    await request(url)
      .post('/api/v1/auth/reset-password')
      .query({ token: s.token, newPassword: s.newPassword, page: '3' })
      .set('X-Request-Id', id)
      .set('Authorization', `Bearer ${s.auth}`)
      .set('Cookie', `sid=${s.cookie}`)
      .set('X-Custom', s.custom)
      .set('User-Agent', 'request-id-test')
      .send({ confirmPassword: s.newPassword });
    await request(url).get('/api/v1/auth/verify-reset-token').query({ token: s.token, email: s.email }).set('X-Request-Id', `${id}-2`);
    const access = await until(
      'both access lines',
      async () => {
        const found = lines(out).filter((l) => l.req?.id === id || l.req?.id === `${id}-2`);
        return found.length === 2 ? found : null;
      },
      15_000,
    );
    const first = access.find((l) => l.req.id === id)!;
    expect(first.req.url).toBe('/api/v1/auth/reset-password?token=[redacted]&newPassword=[redacted]&page=3');
    expect(first.req.headers).toEqual({ 'user-agent': 'request-id-test', 'content-type': 'application/json', 'content-length': expect.any(String) });
    expect(Object.keys(first.res)).toEqual(['statusCode']);
    for (const v of Object.values(s)) expect([v, out.includes(v)]).toEqual([v, false]);
  });
});
