import request from 'supertest';
import { runMigrations } from '../../src/database/migrate.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { PrivatePostgres } from '../setup/private-postgres.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { sleep, until } from '../simulation/wait.js';

interface Outcome {
  path: string;
  status: number;
  ms: number;
  body: { success?: boolean; statusCode?: number; error?: string; message?: string };
}

/** PostgreSQL restarted under load (a private cluster, never the machine's shared one). */
describe('PostgreSQL restarted while requests run', () => {
  let pg: PrivatePostgres;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    pg = await PrivatePostgres.create();
    await runMigrations(pg.url);
    t = await createTestApp({ env: { DATABASE_URL: pg.url }, listen: true });
    user = await createUser(t);
    await fund(t, user.id, 50_000n);
  }, 60_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await pg?.destroy();
  });

  async function call(method: 'get' | 'post', path: string, body?: object): Promise<Outcome> {
    const started = Date.now();
    let r = request(t.url)[method](`/api/v1${path}`).set(user.auth).timeout(15_000);
    if (body) r = r.send(body);
    const res = await r;
    return { path, status: res.status, ms: Date.now() - started, body: res.body };
  }

  it('answers 503 in the error shape while it is down (never 500, never a hang) and recovers without a restart', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      while (running) {
        const o =
          lane === 0
            ? await call('get', '/wallet/balance')
            : lane === 1
              ? await call('post', '/wallet/deposit', { amount: 100 })
              : lane === 2
                ? await call('get', '/wallet/transactions')
                : await call('get', '/health');
        outcomes.push(o);
        await sleep(20);
      }
    });
    await sleep(800);
    await pg.stop(); // fast shutdown: every open connection is cut
    const downAt = outcomes.length;
    await sleep(2500);
    await pg.start();
    await sleep(1500);
    running = false;
    await Promise.all(lanes);

    const during = outcomes.slice(downAt);
    expect(outcomes.slice(0, downAt).some((o) => o.status === 200 || o.status === 201)).toBe(true);
    expect(during.filter((o) => o.status === 503).map((o) => o.path)).toEqual(expect.arrayContaining(['/wallet/balance', '/wallet/deposit']));
    for (const o of outcomes) {
      expect([o.path, o.status < 500 || o.status === 503]).toEqual([o.path, true]);
      expect(o.ms).toBeLessThan(5_000);
      if (o.status === 503 && o.path !== '/health')
        expect(o.body).toEqual({ success: false, statusCode: 503, error: expect.any(String), message: expect.any(String) });
      if (o.status >= 400 && o.status !== 503) throw new Error(`${o.path} answered ${o.status}: ${JSON.stringify(o.body)}`);
    }

    // recovered, same process
    await until('health 200', async () => (await request(t.url).get('/api/v1/health')).status === 200, 15_000, 200);
    const order = await call('post', '/wallet/deposit', { amount: 250 });
    expect(order.status).toBe(201);
    const orderId = (order.body as { data: { orderId: string } }).data.orderId;
    const paid = await request(t.url).post('/api/v1/wallet/sandbox/checkout').set(user.auth).send({ orderId });
    expect(paid.status).toBe(200);
    const verified = await request(t.url)
      .post('/api/v1/wallet/verify-payment')
      .set(user.auth)
      .send({ orderId, paymentId: paid.body.razorpay_payment_id, signature: paid.body.razorpay_signature });
    expect(verified.status).toBe(200);
    expect(verified.body.data.balance).toBe(750);
    await expectLedgerConsistent(t.app);
  }, 60_000);
});
