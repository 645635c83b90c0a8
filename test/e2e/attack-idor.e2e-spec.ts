import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { collectRoutes, countRows, errorShapeProblem, fillPath, label, Route } from '../setup/routes.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { PAYOUTS_QUEUE } from '../../src/modules/wallet/jobs/payouts.processor.js';

/**
 * Attack: every id-taking route (path params, query ids, body ids) tried with another user's ids.
 * The answer is 404 (or 403 where documented), or a 2xx that shows none of the victim's data; the victim's
 * state (money, challenges, deposits, notifications) is unchanged afterwards.
 */
describe("attack: another user's ids", () => {
  let t: TestApp;
  let ds: DataSource;
  let victim: TestUser;
  let attacker: TestUser;
  const ids: Record<string, string> = {};
  const queue = { add: async () => undefined };

  beforeAll(async () => {
    t = await createTestApp({ override: (b) => b.overrideProvider(getQueueToken(PAYOUTS_QUEUE)).useValue(queue) });
    ds = t.app.get(DataSource);
    t.clock.set('2026-11-22T00:30:00Z'); // 06:00 in Asia/Kolkata
    victim = await createUser(t);
    attacker = await createUser(t);
    await fund(t, victim.id, 100_000n);
    await fund(t, attacker.id, 100_000n);

    const ch = await t
      .http()
      .post('/api/v1/challenges')
      .set(victim.auth)
      .send({ challengeDate: '2026-11-23', wakeUpTime: '06:00', forfeitAmount: 20 })
      .expect(201);
    ids.challenge = ch.body.challenge.id;
    // A paid deposit (credited, with a notification) and a pending one (checkout done, not yet verified).
    const paid = (await t.http().post('/api/v1/wallet/deposit').set(victim.auth).send({ amount: 100 }).expect(201)).body.data;
    const paidCheckout = (await t.http().post('/api/v1/wallet/sandbox/checkout').set(victim.auth).send({ orderId: paid.orderId }).expect(200)).body;
    await t
      .http()
      .post('/api/v1/wallet/verify-payment')
      .set(victim.auth)
      .send({ orderId: paid.orderId, paymentId: paidCheckout.razorpay_payment_id, signature: paidCheckout.razorpay_signature })
      .expect(200);
    ids.paidDeposit = paid.transactionId;
    const pending = (await t.http().post('/api/v1/wallet/deposit').set(victim.auth).send({ amount: 200 }).expect(201)).body.data;
    const pendingCheckout = (await t.http().post('/api/v1/wallet/sandbox/checkout').set(victim.auth).send({ orderId: pending.orderId }).expect(200)).body;
    ids.pendingDeposit = pending.transactionId;
    ids.pendingOrder = pending.orderId;
    ids.pendingPayment = pendingCheckout.razorpay_payment_id;
    ids.pendingSignature = pendingCheckout.razorpay_signature;
    const w = await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(victim.auth)
      .send({ amount: 100, withdrawalMethod: 'UPI', upiId: 'victim@okaxis' })
      .expect(201);
    ids.withdrawal = w.body.data.transactionId;
    const [entry] = await ds.query(`SELECT DISTINCT entry_id FROM postings WHERE account = $1 LIMIT 1`, [`user:${victim.id}:wallet`]);
    ids.entry = entry.entry_id;
    const [note] = await ds.query(`SELECT id FROM notifications WHERE user_id = $1 ORDER BY created_at LIMIT 1`, [victim.id]);
    ids.notification = note.id;
    ids.user = victim.id;
    expect(Object.values(ids).every(Boolean)).toBe(true);
  });
  afterAll(async () => {
    await expectLedgerConsistent(t.app);
    await t.close();
  });

  const snapshot = async () => ({
    wallet: await ds.query(`SELECT balance::text, version FROM account_balances WHERE account = $1`, [`user:${victim.id}:wallet`]),
    challenges: await ds.query(`SELECT id, status, stake::text FROM challenges WHERE user_id = $1 ORDER BY id`, [victim.id]),
    deposits: await ds.query(`SELECT id, status, payment_id FROM deposits WHERE user_id = $1 ORDER BY id`, [victim.id]),
    withdrawals: await ds.query(`SELECT id, status FROM withdrawals WHERE user_id = $1 ORDER BY id`, [victim.id]),
    notifications: await ds.query(`SELECT * FROM notifications WHERE user_id = $1 ORDER BY id`, [victim.id]),
    attackerWallet: await ds.query(`SELECT balance::text FROM account_balances WHERE account = $1`, [`user:${attacker.id}:wallet`]),
  });

  const send = (method: string, url: string) =>
    (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[method.toLowerCase()](url).set(attacker.auth);

  /** 404/403 (or the given refusals), or a success that names none of the victim's ids. */
  function judge(route: string, res: { status: number; text: string; body: unknown }, problems: string[], refusals = [403, 404]) {
    if (refusals.includes(res.status)) {
      const p = errorShapeProblem(res.status, res.body, res.text);
      if (p) problems.push(`${route}: ${p}`);
      return;
    }
    if (res.status >= 200 && res.status < 300) {
      const leaked = Object.entries(ids).filter(([, v]) => res.text.includes(v));
      if (leaked.length) problems.push(`${route}: ${res.status} shows the victim's ${leaked.map(([k]) => k).join(', ')}`);
      return;
    }
    problems.push(`${route}: ${res.status} ${res.text.slice(0, 160)}`);
  }

  it("every user route with a path parameter, given each of the victim's ids", async () => {
    // GET /ifsc/:code looks up a public bank directory: its parameter names no one's record (a malformed code is a 400).
    const routes = collectRoutes(t).filter((r: Route) => r.kind === 'user' && r.params.length > 0 && r.url !== '/api/v1/ifsc/:code');
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const before = await snapshot();
    const rows = await countRows(t);
    const problems: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const values = route.params.some((p) => /date/i.test(p))
        ? ['2026-11-23', '2026-11-22']
        : route.params.some((p) => /status/i.test(p))
          ? ['PENDING', 'CANCELLED', 'COMPLETED']
          : Object.values(ids);
      for (const v of values) {
        const url = fillPath(route, () => v);
        const res = await send(route.method, url).send(route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
        tried++;
        judge(`${label(route)} = ${v}`, res, problems);
      }
    }
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(20);
    expect(await snapshot()).toEqual(before);
    expect(await countRows(t)).toEqual(rows);
  });

  it("the victim's challenge: read, cancel and check-in as someone else are 404 and change nothing", async () => {
    const before = await snapshot();
    for (const res of [
      await send('GET', `/api/v1/challenges/${ids.challenge}`),
      await send('DELETE', `/api/v1/challenges/${ids.challenge}`),
      await send('POST', '/api/v1/challenges/verify').send({ challengeId: ids.challenge, verificationMethod: 'MANUAL' }),
      await send('GET', `/api/v1/wallet/transactions/${ids.paidDeposit}`),
      await send('GET', `/api/v1/wallet/transactions/${ids.withdrawal}`),
      await send('PUT', `/api/v1/wallet/notifications/${ids.notification}/read`),
    ]) {
      expect({ status: res.status, shape: errorShapeProblem(res.status, res.body, res.text) }).toEqual({ status: 404, shape: null });
    }
    // Within the check-in window too (the check-in must not succeed on someone else's challenge).
    t.clock.set('2026-11-23T00:28:00Z'); // 05:58 IST on the challenge date
    const res = await send('POST', '/api/v1/challenges/verify').send({ challengeId: ids.challenge, verificationMethod: 'MANUAL' });
    expect(res.status).toBe(404);
    t.clock.set('2026-11-22T00:30:00Z');
    expect(await snapshot()).toEqual(before);
    // The owner still sees it.
    await t.http().get(`/api/v1/challenges/${ids.challenge}`).set(victim.auth).expect(200);
  });

  it("a deposit confirmation with another user's order is 404 and credits nobody; checkout of it too", async () => {
    const before = await snapshot();
    const rows = await countRows(t);
    const tries = [
      { orderId: ids.pendingOrder, paymentId: ids.pendingPayment, signature: ids.pendingSignature },
      { orderId: ids.pendingOrder, paymentId: ids.pendingPayment },
      { razorpay_order_id: ids.pendingOrder, razorpay_payment_id: ids.pendingPayment, razorpay_signature: ids.pendingSignature },
    ];
    for (const body of tries) {
      const res = await send('POST', '/api/v1/wallet/verify-payment').send(body);
      expect({ status: res.status, shape: errorShapeProblem(res.status, res.body, res.text) }).toEqual({ status: 404, shape: null });
    }
    const form = await send('POST', '/api/v1/wallet/verify-payment')
      .type('form')
      .send(`razorpay_order_id=${ids.pendingOrder}&razorpay_payment_id=${ids.pendingPayment}&razorpay_signature=${ids.pendingSignature}`);
    expect(form.status).toBe(404);
    const co = await send('POST', '/api/v1/wallet/sandbox/checkout').send({ orderId: ids.pendingOrder });
    expect(co.status).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await countRows(t)).toEqual(rows);
    // The owner can still confirm it, once.
    await t
      .http()
      .post('/api/v1/wallet/verify-payment')
      .set(victim.auth)
      .send({ orderId: ids.pendingOrder, paymentId: ids.pendingPayment, signature: ids.pendingSignature })
      .expect(200);
  });

  it('query ids and dates of the victim show nothing of the victim', async () => {
    const problems: string[] = [];
    for (const url of [
      `/api/v1/wallet/transactions?userId=${victim.id}`,
      `/api/v1/wallet/transactions?id=${ids.paidDeposit}`,
      `/api/v1/wallet/notifications?userId=${victim.id}`,
      `/api/v1/wallet/earnings?userId=${victim.id}`,
      `/api/v1/challenges?userId=${victim.id}`,
      `/api/v1/challenges/date/2026-11-23`,
      `/api/v1/challenges/can-create?date=2026-11-23`,
      `/api/v1/settlements/2026-11-23`,
      `/api/v1/streaks/statistics?userId=${victim.id}`,
    ]) {
      // An unknown query field refused (400) is as good as ignoring it.
      judge(url, await send('GET', url), problems, [400, 403, 404]);
    }
    expect(problems).toEqual([]);
  });
});
