import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { countRows, errorShapeProblem } from '../setup/routes.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, TestUser } from '../factories/wallet.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { PaymentProvider } from '../../src/modules/wallet/infrastructure/payments/payment-provider.js';
import { RazorpayPaymentProvider } from '../../src/modules/wallet/infrastructure/payments/razorpay-payment.provider.js';

/** Attack: forged and replayed webhooks, and payments that do not match their order, credit nothing (or once). */
const webhookBody = (orderId: string, paymentId: string, amountPaise: number, event = 'payment.captured') =>
  JSON.stringify({
    entity: 'event',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: amountPaise, currency: 'INR', status: 'captured' } } },
  });
const sign = (body: string, secret: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('attack: webhooks (sandbox provider)', () => {
  let t: TestApp;
  let ds: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const order = async (u: TestUser, amount: number) =>
    (await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount }).expect(201)).body.data as { orderId: string; transactionId: string };
  const post = (body: string, headers: Record<string, string>) => {
    const req = t.http().post('/api/v1/wallet/webhooks/razorpay').set('content-type', 'application/json');
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    return req.send(body);
  };
  const events = async (eventId: string) => Number((await ds.query(`SELECT count(*)::int AS n FROM webhook_events WHERE event_id = $1`, [eventId]))[0].n);

  it('forged webhooks (no, wrong-key, other-body, truncated, key-secret signatures) are refused with 400/401 and credit nothing', async () => {
    const u = await createUser(t);
    const d = await order(u, 300);
    const body = webhookBody(d.orderId, 'pay_forgedPayment01', 30_000);
    const rows = await countRows(t);
    const secret = t.config.razorpayWebhookSecret;
    const forgeries: [string, Record<string, string>][] = [
      ['no signature', {}],
      ['empty signature', { 'x-razorpay-signature': '' }],
      ['another secret', { 'x-razorpay-signature': sign(body, 'attacker-secret') }],
      ['signed with the key secret', { 'x-razorpay-signature': sign(body, t.config.razorpayKeySecret) }],
      ['signature of another body', { 'x-razorpay-signature': sign(webhookBody(d.orderId, 'pay_forgedPayment01', 100), secret) }],
      ['truncated signature', { 'x-razorpay-signature': sign(body, secret).slice(0, 32) }],
      ['signature as base64', { 'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('base64') }],
      ['signature with junk appended', { 'x-razorpay-signature': `${sign(body, secret)}00` }],
      ['non-hex signature', { 'x-razorpay-signature': 'z'.repeat(64) }],
    ];
    for (const [name, headers] of forgeries) {
      const res = await post(body, { ...headers, 'x-razorpay-event-id': `evt_forged_${d.orderId}` });
      expect({ name, status: [400, 401].includes(res.status) }).toEqual({ name, status: true });
      expect(errorShapeProblem(res.status, res.body, res.text)).toBeNull();
    }
    // The signed body re-serialised (whitespace changed) no longer matches: the signature is over the raw bytes.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect([400, 401]).toContain(
      (await post(reformatted, { 'x-razorpay-signature': sign(body, secret), 'x-razorpay-event-id': `evt_forged_${d.orderId}` })).status,
    );
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    expect(await events(`evt_forged_${d.orderId}`)).toBe(0);
    expect(await countRows(t)).toEqual(rows);
    expect((await ds.query(`SELECT status FROM deposits WHERE id = $1`, [d.transactionId]))[0].status).toBe('PENDING');
  });

  it('a replayed webhook credits once: the same event id twice, other event ids for the same payment, and concurrently', async () => {
    const u = await createUser(t);
    const d = await order(u, 400);
    const body = webhookBody(d.orderId, 'pay_replayedPay001', 40_000);
    const headers = { 'x-razorpay-signature': sign(body, t.config.razorpayWebhookSecret), 'x-razorpay-event-id': `evt_replay_${d.orderId}` };
    await post(body, headers).expect(200);
    await post(body, headers).expect(200);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => post(body, { ...headers, 'x-razorpay-event-id': `evt_replay_${d.orderId}_${i % 3}` })));
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(await balanceOf(t, userWallet(u.id))).toBe(40_000n);
    expect(await events(`evt_replay_${d.orderId}`)).toBe(1);
    expect(Number((await ds.query(`SELECT count(*)::int AS n FROM journal_entries WHERE idempotency_key = $1`, [`deposit:${d.orderId}`]))[0].n)).toBe(1);
  });

  it('a captured payment whose amount differs from the order credits nothing (more, less, or zero)', async () => {
    const u = await createUser(t);
    const d = await order(u, 500);
    for (const amount of [5_000_000, 100, 0, 49_999]) {
      const body = webhookBody(d.orderId, `pay_amountMismatch${amount}`.slice(0, 30), amount);
      const res = await post(body, {
        'x-razorpay-signature': sign(body, t.config.razorpayWebhookSecret),
        'x-razorpay-event-id': `evt_amt_${amount}_${d.orderId}`,
      });
      expect(res.status).toBeLessThan(500);
    }
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    expect((await ds.query(`SELECT status FROM deposits WHERE id = $1`, [d.transactionId]))[0].status).toBe('PENDING');
  });

  it('a signed checkout of one order cannot confirm another order of the same user', async () => {
    const u = await createUser(t);
    const small = await order(u, 10);
    const big = await order(u, 100_000);
    const co = (await t.http().post('/api/v1/wallet/sandbox/checkout').set(u.auth).send({ orderId: small.orderId }).expect(200)).body;
    const res = await t
      .http()
      .post('/api/v1/wallet/verify-payment')
      .set(u.auth)
      .send({ orderId: big.orderId, paymentId: co.razorpay_payment_id, signature: co.razorpay_signature });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const noSig = await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: big.orderId, paymentId: co.razorpay_payment_id });
    expect(noSig.status).toBeGreaterThanOrEqual(400);
    expect(noSig.status).toBeLessThan(500);
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
  });
});

/** The parts of Razorpay's API the adapter uses: an attacker-controlled payment that does not match the stored order. */
class FakeRazorpay {
  server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';
  payments = new Map<string, { id: string; order_id: string; amount: number; status: string }>();
  private n = 0;
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : undefined;
    const send = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (req.method === 'POST' && req.url === '/v1/orders') {
      return send(200, {
        id: `order_Atk${String(++this.n).padStart(11, '0')}`,
        entity: 'order',
        amount: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        status: 'created',
      });
    }
    const m = /^\/v1\/payments\/([^/?]+)/.exec(req.url ?? '');
    if (req.method === 'GET' && m && this.payments.has(m[1])) return send(200, { ...this.payments.get(m[1]), entity: 'payment', currency: 'INR' });
    send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
  }
}

describe('attack: payments that do not match their order (razorpay adapter against a fake)', () => {
  const fake = new FakeRazorpay();
  let t: TestApp;
  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({
      env: {
        PAYMENTS_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_attack',
        RAZORPAY_KEY_SECRET: 'sandbox_key_secret',
        RAZORPAY_WEBHOOK_SECRET: 'attack_wh_secret',
      },
    });
    const provider = t.app.get(PaymentProvider) as RazorpayPaymentProvider;
    provider.http.defaults.baseURL = fake.url;
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('verify-payment without a signature: a smaller, uncaptured or other-order payment credits nothing; the exact one credits once', async () => {
    const u = await createUser(t);
    const d = (await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 1000 }).expect(201)).body.data;
    fake.payments.set('pay_AtkSmall000001', { id: 'pay_AtkSmall000001', order_id: d.orderId, amount: 100, status: 'captured' });
    fake.payments.set('pay_AtkAuthOnly001', { id: 'pay_AtkAuthOnly001', order_id: d.orderId, amount: 100_000, status: 'authorized' });
    fake.payments.set('pay_AtkOtherOrd01', { id: 'pay_AtkOtherOrd01', order_id: 'order_SomeoneElse0001', amount: 100_000, status: 'captured' });
    for (const paymentId of ['pay_AtkSmall000001', 'pay_AtkAuthOnly001', 'pay_AtkOtherOrd01', 'pay_AtkMissing0001']) {
      const res = await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: d.orderId, paymentId });
      expect({ paymentId, ok: res.status >= 400 && res.status < 500 }).toEqual({ paymentId, ok: true });
      expect(errorShapeProblem(res.status, res.body, res.text)).toBeNull();
    }
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    fake.payments.set('pay_AtkExact000001', { id: 'pay_AtkExact000001', order_id: d.orderId, amount: 100_000, status: 'captured' });
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: d.orderId, paymentId: 'pay_AtkExact000001' }).expect(200);
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: d.orderId, paymentId: 'pay_AtkExact000001' }).expect(200);
    expect(await balanceOf(t, userWallet(u.id))).toBe(100_000n);
  });

  it('a webhook signed with the real secret but with a different amount credits nothing', async () => {
    const u = await createUser(t);
    const d = (await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 1000 }).expect(201)).body.data;
    const body = webhookBody(d.orderId, 'pay_AtkWebhookAmt1', 99_999);
    const res = await t
      .http()
      .post('/api/v1/wallet/webhooks/razorpay')
      .set('content-type', 'application/json')
      .set('x-razorpay-event-id', `evt_atk_${d.orderId}`)
      .set('x-razorpay-signature', sign(body, 'attack_wh_secret'))
      .send(body);
    expect(res.status).toBeLessThan(500);
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    // The sandbox's secret is not accepted by a razorpay-configured app.
    const body2 = webhookBody(d.orderId, 'pay_AtkWebhookAmt2', 100_000);
    const forged = await t
      .http()
      .post('/api/v1/wallet/webhooks/razorpay')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', sign(body2, 'sandbox_key_secret'))
      .send(body2);
    expect([400, 401]).toContain(forged.status);
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
  });
});
