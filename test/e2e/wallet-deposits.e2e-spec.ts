import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, TestUser } from '../factories/wallet.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';

describe('wallet deposits (sandbox provider)', () => {
  let t: TestApp;
  let ds: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const journalSize = async () => Number((await ds.query(`SELECT count(*) AS n FROM journal_entries`))[0].n);
  const order = async (u: TestUser, amount = 500) => {
    const res = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount }).expect(201);
    return res.body.data as { orderId: string; amount: number; transactionId: string; currency: string; keyId: string };
  };
  const checkout = async (u: TestUser, orderId: string) =>
    (await t.http().post('/api/v1/wallet/sandbox/checkout').set(u.auth).send({ orderId }).expect(200)).body as {
      razorpay_payment_id: string;
      razorpay_order_id: string;
      razorpay_signature: string;
    };
  const webhookBody = (orderId: string, paymentId: string, amountPaise: number, event = 'payment.captured') =>
    JSON.stringify({
      entity: 'event',
      event,
      contains: ['payment'],
      payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: amountPaise, currency: 'INR', status: 'captured' } } },
    });
  const sendWebhook = (body: string, eventId: string, secret = t.config.razorpayWebhookSecret) =>
    t
      .http()
      .post('/api/v1/wallet/webhooks/razorpay')
      .set('content-type', 'application/json')
      .set('x-razorpay-event-id', eventId)
      .set('x-razorpay-signature', createHmac('sha256', secret).update(body).digest('hex'))
      .send(body);

  it('creates a PENDING deposit with a provider order and answers orderId, amount, transactionId', async () => {
    const u = await createUser(t);
    const d = await order(u, 500);
    expect(d).toMatchObject({ amount: 500, currency: 'INR', keyId: t.config.razorpayKeyId });
    expect(d.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const [row] = await ds.query(`SELECT user_id, amount::text, status FROM deposits WHERE id = $1`, [d.transactionId]);
    expect(row).toEqual({ user_id: u.id, amount: '50000', status: 'PENDING' });
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
  });

  it.each([
    [{ amount: 9 }, 'Minimum deposit amount is ₹10'],
    [{ amount: 100001 }, 'Maximum deposit amount is ₹1,00,000'],
    [{ amount: -50 }, 'Minimum deposit amount is ₹10'],
    [{ amount: 10.5 }, 'amount must be a whole number of rupees'],
    [{ amount: 10.001 }, 'amount must be a number of rupees with at most 2 decimals'],
    [{ amount: '100' }, 'amount must be a number of rupees'],
    [{ amount: 1e300 }, 'amount must be a number of rupees with at most 2 decimals'],
    [{}, 'amount is required'],
    [{ amount: 100, extra: 1 }, 'Unknown field: extra'],
  ])('refuses %j with 400 "%s" and writes nothing', async (body, message) => {
    const u = await createUser(t);
    const before = await journalSize();
    const res = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send(body).expect(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, error: message });
    expect(await ds.query(`SELECT 1 FROM deposits WHERE user_id = $1`, [u.id])).toHaveLength(0);
    expect(await journalSize()).toBe(before);
  });

  it('needs a token', async () => {
    await t.http().post('/api/v1/wallet/deposit').send({ amount: 100 }).expect(401);
  });

  it('credits a signed checkout once, however often and however concurrently it is verified', async () => {
    const u = await createUser(t);
    const d = await order(u, 250);
    const c = await checkout(u, d.orderId);
    expect(c.razorpay_signature).toBe(createHmac('sha256', t.config.razorpayKeySecret).update(`${d.orderId}|${c.razorpay_payment_id}`).digest('hex'));
    const body = { orderId: d.orderId, paymentId: c.razorpay_payment_id, signature: c.razorpay_signature };
    const first = await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send(body).expect(200);
    expect(first.body).toMatchObject({
      success: true,
      data: { orderId: d.orderId, paymentId: c.razorpay_payment_id, amount: 250, status: 'SUCCESS', balance: 250 },
    });
    const again = await Promise.all(Array.from({ length: 10 }, () => t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send(body)));
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(t, userWallet(u.id))).toBe(25_000n);
    expect(await ds.query(`SELECT 1 FROM journal_entries WHERE idempotency_key = $1`, [`deposit:${d.orderId}`])).toHaveLength(1);
    const notes = await t.http().get('/api/v1/wallet/notifications').set(u.auth).expect(200);
    expect(notes.body.data.notifications).toEqual([expect.objectContaining({ type: 'DEPOSIT_CREDITED', isRead: false })]);
  });

  it('credits once when 10 first verifications race', async () => {
    const u = await createUser(t);
    const d = await order(u, 100);
    const c = await checkout(u, d.orderId);
    const res = await Promise.all(
      Array.from({ length: 10 }, () =>
        t
          .http()
          .post('/api/v1/wallet/verify-payment')
          .set(u.auth)
          .send({ orderId: d.orderId, paymentId: c.razorpay_payment_id, signature: c.razorpay_signature }),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(t, userWallet(u.id))).toBe(10_000n);
  });

  it('accepts a form-encoded verification and Razorpay checkout field names', async () => {
    const u = await createUser(t);
    const d = await order(u, 10);
    const c = await checkout(u, d.orderId);
    await t
      .http()
      .post('/api/v1/wallet/verify-payment')
      .set(u.auth)
      .type('form')
      .send(`razorpay_order_id=${c.razorpay_order_id}&razorpay_payment_id=${c.razorpay_payment_id}&razorpay_signature=${c.razorpay_signature}`)
      .expect(200);
    expect(await balanceOf(t, userWallet(u.id))).toBe(1_000n);
  });

  it('without a signature, confirms with the provider (the sandbox knows payments made through its checkout)', async () => {
    const u = await createUser(t);
    const d = await order(u, 40);
    const c = await checkout(u, d.orderId);
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).type('form').send(`orderId=${d.orderId}&paymentId=${c.razorpay_payment_id}`).expect(200);
    expect(await balanceOf(t, userWallet(u.id))).toBe(4_000n);
    const other = await order(u, 40);
    const res = await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: other.orderId, paymentId: 'pay_madeUpPayment1' }).expect(400);
    expect(res.body.error).toBe('Payment could not be confirmed with the payment provider');
    // a real payment of another order does not confirm this one
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: other.orderId, paymentId: c.razorpay_payment_id }).expect(400);
    expect(await balanceOf(t, userWallet(u.id))).toBe(4_000n);
  });

  it('refuses a bad signature and credits nothing', async () => {
    const u = await createUser(t);
    const d = await order(u, 100);
    const c = await checkout(u, d.orderId);
    const forged = createHmac('sha256', 'not-the-secret').update(`${d.orderId}|${c.razorpay_payment_id}`).digest('hex');
    for (const signature of [forged, 'abc', c.razorpay_signature.slice(0, 63) + (c.razorpay_signature.endsWith('0') ? '1' : '0')]) {
      const res = await t
        .http()
        .post('/api/v1/wallet/verify-payment')
        .set(u.auth)
        .send({ orderId: d.orderId, paymentId: c.razorpay_payment_id, signature })
        .expect(400);
      expect(res.body).toMatchObject({ success: false, error: 'Payment verification failed: the signature does not match' });
    }
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
  });

  it("answers 404 for another user's order (verify and checkout) and credits nobody", async () => {
    const owner = await createUser(t);
    const thief = await createUser(t);
    const d = await order(owner, 100);
    await t.http().post('/api/v1/wallet/sandbox/checkout').set(thief.auth).send({ orderId: d.orderId }).expect(404);
    const c = await checkout(owner, d.orderId);
    await t
      .http()
      .post('/api/v1/wallet/verify-payment')
      .set(thief.auth)
      .send({ orderId: d.orderId, paymentId: c.razorpay_payment_id, signature: c.razorpay_signature })
      .expect(404);
    await t
      .http()
      .post('/api/v1/wallet/verify-payment')
      .set(thief.auth)
      .send({ orderId: 'order_doesNotExist01', paymentId: c.razorpay_payment_id })
      .expect(404);
    expect(await balanceOf(t, userWallet(thief.id))).toBe(0n);
    expect(await balanceOf(t, userWallet(owner.id))).toBe(0n);
  });

  it('refuses malformed verification input with 400', async () => {
    const u = await createUser(t);
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({}).expect(400);
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: 'order_x' }).expect(400);
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: "x'; DROP TABLE deposits;--", paymentId: 'pay_1' }).expect(400);
    await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId: 5, paymentId: 'pay_1' }).expect(400);
  });

  describe('webhook', () => {
    it('credits payment.captured once; a replayed event is a no-op; 10 concurrent deliveries credit once', async () => {
      const u = await createUser(t);
      const d = await order(u, 300);
      const body = webhookBody(d.orderId, 'pay_webhookPay0001', 30_000);
      const first = await sendWebhook(body, `evt_${d.orderId}`).expect(200);
      expect(first.body.data.outcome).toBe('credited');
      const replay = await sendWebhook(body, `evt_${d.orderId}`).expect(200);
      expect(replay.body.data.outcome).toBe('duplicate');
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => sendWebhook(body, `evt_${d.orderId}_${i}`)));
      expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(burst.map((r) => r.body.data.outcome)).toEqual(Array(10).fill('already-credited'));
      expect(await balanceOf(t, userWallet(u.id))).toBe(30_000n);
      const [dep] = await ds.query(`SELECT status, payment_id, confirmed_by FROM deposits WHERE order_id = $1`, [d.orderId]);
      expect(dep).toEqual({ status: 'SUCCESS', payment_id: 'pay_webhookPay0001', confirmed_by: 'webhook' });
    });

    it('10 identical concurrent deliveries (same event id) are recorded once', async () => {
      const u = await createUser(t);
      const d = await order(u, 20);
      const body = webhookBody(d.orderId, 'pay_webhookPay0002', 2_000);
      const res = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(body, `evt_same_${d.orderId}`)));
      expect(res.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(res.filter((r) => r.body.data.outcome === 'credited')).toHaveLength(1);
      expect(await ds.query(`SELECT 1 FROM webhook_events WHERE event_id = $1`, [`evt_same_${d.orderId}`])).toHaveLength(1);
      expect(await balanceOf(t, userWallet(u.id))).toBe(2_000n);
    });

    it('then a browser verification of the same payment credits nothing more', async () => {
      const u = await createUser(t);
      const d = await order(u, 50);
      const c = await checkout(u, d.orderId);
      await sendWebhook(webhookBody(d.orderId, c.razorpay_payment_id, 5_000), `evt_b_${d.orderId}`).expect(200);
      const res = await t
        .http()
        .post('/api/v1/wallet/verify-payment')
        .set(u.auth)
        .send({ orderId: d.orderId, paymentId: c.razorpay_payment_id, signature: c.razorpay_signature })
        .expect(200);
      expect(res.body.data.balance).toBe(50);
      expect(await balanceOf(t, userWallet(u.id))).toBe(5_000n);
    });

    it('refuses a bad or missing signature with 400 and records nothing', async () => {
      const u = await createUser(t);
      const d = await order(u, 50);
      const body = webhookBody(d.orderId, 'pay_webhookPay0003', 5_000);
      await sendWebhook(body, `evt_bad_${d.orderId}`, 'wrong-secret').expect(400);
      await t.http().post('/api/v1/wallet/webhooks/razorpay').set('content-type', 'application/json').send(body).expect(400);
      expect(await ds.query(`SELECT 1 FROM webhook_events WHERE event_id = $1`, [`evt_bad_${d.orderId}`])).toHaveLength(0);
      expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    });

    it('refuses to credit when the amount differs from the stored order', async () => {
      const u = await createUser(t);
      const d = await order(u, 50);
      const res = await sendWebhook(webhookBody(d.orderId, 'pay_webhookPay0004', 500_000), `evt_amt_${d.orderId}`).expect(200);
      expect(res.body.data.outcome).toBe('refused:amount-mismatch');
      expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
      const [dep] = await ds.query(`SELECT status FROM deposits WHERE order_id = $1`, [d.orderId]);
      expect(dep.status).toBe('PENDING');
    });

    it('records and ignores other events and unknown orders', async () => {
      const failed = await sendWebhook(webhookBody('order_unknownOrder01', 'pay_x', 100, 'payment.failed'), 'evt_failed_1').expect(200);
      expect(failed.body.data.outcome).toBe('ignored');
      const unknown = await sendWebhook(webhookBody('order_unknownOrder01', 'pay_x', 100), 'evt_unknown_1').expect(200);
      expect(unknown.body.data.outcome).toBe('ignored:unknown-order');
    });
  });
});

describe('sandbox checkout outside sandbox mode', () => {
  it('answers 404', async () => {
    const t = await createTestApp({
      env: { PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' },
    });
    try {
      const u = await createUser(t);
      await t.http().post('/api/v1/wallet/sandbox/checkout').set(u.auth).send({ orderId: 'order_abcdefghijklmn' }).expect(404);
    } finally {
      await t.close();
    }
  });
});
