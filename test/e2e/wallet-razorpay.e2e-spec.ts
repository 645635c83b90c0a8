import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser } from '../factories/wallet.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { PaymentProvider } from '../../src/modules/wallet/infrastructure/payments/payment-provider.js';
import { RazorpayPaymentProvider } from '../../src/modules/wallet/infrastructure/payments/razorpay-payment.provider.js';

/** A local fake of the parts of Razorpay's API the adapter uses. */
class FakeRazorpay {
  server: Server;
  url = '';
  requests: { method: string; path: string; auth?: string; body: unknown }[] = [];
  orders = new Map<string, { id: string; amount: number }>();
  payments = new Map<string, { id: string; order_id: string; amount: number; status: string }>();
  mode: 'ok' | 'error500' | 'hang' = 'ok';
  private n = 0;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? JSON.parse(raw) : undefined;
    this.requests.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, body });
    if (this.mode === 'hang') return;
    const send = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (this.mode === 'error500') return send(500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error' } });
    if (req.method === 'POST' && req.url === '/v1/orders') {
      const id = `order_Fake${String(++this.n).padStart(10, '0')}`;
      this.orders.set(id, { id, amount: body.amount });
      return send(200, { id, entity: 'order', amount: body.amount, currency: body.currency, receipt: body.receipt, status: 'created' });
    }
    const m = /^\/v1\/payments\/([^/?]+)/.exec(req.url!);
    if (req.method === 'GET' && m) {
      const p = this.payments.get(m[1]);
      if (!p) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
      return send(200, { ...p, entity: 'payment', currency: 'INR' });
    }
    send(404, { error: { code: 'NOT_FOUND' } });
  }
}

describe('razorpay adapter against a local fake of its API', () => {
  const fake = new FakeRazorpay();
  let t: TestApp;
  let provider: RazorpayPaymentProvider;
  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_fake', RAZORPAY_KEY_SECRET: 'sandbox_key_secret', RAZORPAY_WEBHOOK_SECRET: 'fake_wh' },
    });
    provider = t.app.get(PaymentProvider) as RazorpayPaymentProvider;
    expect(provider).toBeInstanceOf(RazorpayPaymentProvider);
    provider.http.defaults.baseURL = fake.url;
  });
  beforeEach(() => {
    fake.mode = 'ok';
    provider.http.defaults.timeout = 10_000;
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('creates the order through the SDK (paise, INR, receipt, basic auth) and stores it', async () => {
    const u = await createUser(t);
    const res = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 150 }).expect(201);
    expect(res.body.data).toMatchObject({ amount: 150, currency: 'INR', keyId: 'rzp_test_fake' });
    const call = fake.requests.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/orders', body: { amount: 15_000, currency: 'INR', receipt: res.body.data.transactionId } });
    expect(call.auth).toBe(`Basic ${Buffer.from('rzp_test_fake:sandbox_key_secret').toString('base64')}`);
    expect(fake.orders.has(res.body.data.orderId)).toBe(true);
  });

  it('without a signature, credits only a captured payment of the same order and amount (payments.fetch)', async () => {
    const u = await createUser(t);
    const { body } = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 100 }).expect(201);
    const orderId = body.data.orderId as string;
    fake.payments.set('pay_Authorized0001', { id: 'pay_Authorized0001', order_id: orderId, amount: 10_000, status: 'authorized' });
    fake.payments.set('pay_WrongAmount001', { id: 'pay_WrongAmount001', order_id: orderId, amount: 100, status: 'captured' });
    fake.payments.set('pay_OtherOrder0001', { id: 'pay_OtherOrder0001', order_id: 'order_SomethingElse1', amount: 10_000, status: 'captured' });
    fake.payments.set('pay_Captured000001', { id: 'pay_Captured000001', order_id: orderId, amount: 10_000, status: 'captured' });
    for (const paymentId of ['pay_Authorized0001', 'pay_WrongAmount001', 'pay_OtherOrder0001', 'pay_Unknown0000001']) {
      await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId, paymentId }).expect(400);
    }
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId, paymentId: 'pay_Captured000001' }).expect(200);
    expect(await balanceOf(t, userWallet(u.id))).toBe(10_000n);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments/pay_Captured000001' });
  });

  it('turns a provider error answer into 503 "Payment provider unavailable" and stores nothing', async () => {
    const u = await createUser(t);
    fake.mode = 'error500';
    const res = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 100 }).expect(503);
    expect(res.body.error).toMatch(/^Payment provider unavailable/);
  });

  it('turns a timeout into 503', async () => {
    fake.mode = 'hang';
    provider.http.defaults.timeout = 150;
    await expect(provider.createOrder({ amount: 1_000n, receipt: 'r', notes: {} })).rejects.toMatchObject({
      kind: 'UNAVAILABLE',
      message: expect.stringMatching(/^Payment provider unavailable/),
    });
    await expect(provider.fetchPayment('pay_x')).rejects.toMatchObject({ kind: 'UNAVAILABLE' });
  });

  it('turns a refused connection (a TypeError inside the SDK) into 503', async () => {
    const before = provider.http.defaults.baseURL;
    provider.http.defaults.baseURL = 'http://127.0.0.1:1';
    try {
      await expect(provider.createOrder({ amount: 1_000n, receipt: 'r', notes: {} })).rejects.toMatchObject({
        code: 'WALLET.PROVIDER_UNAVAILABLE',
        kind: 'UNAVAILABLE',
      });
    } finally {
      provider.http.defaults.baseURL = before;
    }
  });
});
