import { createHmac } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { bearer, supportUser } from '../factories/users.js';
import { suspense, userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { WithdrawalRepository } from '../../src/modules/wallet/infrastructure/withdrawal.repository.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { grantRoleCommand } from '../../src/modules/identity/identity.cli.js';

const HOUR = 60 * 60 * 1000;

/**
 * Closing an account while money is held or in flight is refused with a 400 that says why; money that still
 * arrives for a closed account (a late deposit, a payout refunded after closing) goes to its suspense account, which
 * support sees and resolves; closure and role changes apply at once to tokens issued before.
 */
describe('identity: account closure and money in flight', () => {
  let t: TestApp;
  let ds: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterEach(async () => {
    t.clock.set(new Date());
    await expectLedgerConsistent(t.app);
  });
  afterAll(() => t.close());

  const adult = async (u: TestUser) => ds.query(`UPDATE users SET date_of_birth = '1990-01-01' WHERE id = $1`, [u.id]);
  const close = (u: TestUser) => t.http().delete('/api/v1/auth/account').set(u.auth);
  const closedAt = async (id: string) => (await ds.query(`SELECT deleted_at FROM users WHERE id = $1`, [id]))[0].deleted_at as Date | null;
  const webhook = (orderId: string, paymentId: string, paise: number) => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: paise, status: 'captured' } } },
    });
    return t
      .http()
      .post('/api/v1/wallet/webhooks/razorpay')
      .set('content-type', 'application/json')
      .set('x-razorpay-event-id', `evt_${orderId}`)
      .set('x-razorpay-signature', createHmac('sha256', t.config.razorpayWebhookSecret).update(body).digest('hex'))
      .send(body);
  };
  /** A deposit order paid at the sandbox checkout whose confirmation has not arrived yet. */
  const paidButUnconfirmed = async (u: TestUser, rupees: number) => {
    const order = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: rupees }).expect(201);
    const orderId = order.body.data.orderId as string;
    const paid = await t.http().post('/api/v1/wallet/sandbox/checkout').set(u.auth).send({ orderId }).expect(200);
    return { orderId, paymentId: paid.body.razorpay_payment_id as string };
  };

  it('refuses with a 400 while the wallet holds money, and says so', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 12_345n);
    const res = await close(u).expect(400);
    expect(res.body).toEqual({ success: false, statusCode: 400, error: expect.stringMatching(/₹123\.45.*withdraw/), message: expect.any(String) });
    expect(await closedAt(u.id)).toBeNull();
  });

  it('refuses while a withdrawal is being paid out', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 20_000n);
    await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 200, withdrawalMethod: 'UPI', upiId: 'pay@okaxis' }).expect(201);
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    const res = await close(u).expect(400);
    expect(res.body.error).toMatch(/withdrawal that is still being paid out/);
    expect(await closedAt(u.id)).toBeNull();
  });

  it('refuses while a deposit started within the hour is unconfirmed; after the hour the closure goes through and the late payment lands in suspense', async () => {
    const u = await createUser(t);
    await adult(u);
    const { orderId, paymentId } = await paidButUnconfirmed(u, 250);
    const refused = await close(u).expect(400);
    expect(refused.body.error).toMatch(/payment you started is not confirmed/);

    t.clock.advance(HOUR + 60_000);
    await close(u).expect(200);
    expect(await closedAt(u.id)).not.toBeNull();
    const [row] = await ds.query(`SELECT email, full_name, password_hash FROM users WHERE id = $1`, [u.id]);
    expect(row).toEqual({ email: `deleted-${u.id}@deleted.invalid`, full_name: 'Deleted user', password_hash: null });

    const late = await webhook(orderId, paymentId, 25_000).expect(200);
    expect(late.body.data.outcome).toBe('credited');
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    expect(await balanceOf(t, suspense(u.id))).toBe(25_000n);
    // The closed user gets no notification (there is no one to tell); the journal keeps the entry under the anonymised id.
    expect(await ds.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'DEPOSIT_CREDITED'`, [u.id])).toHaveLength(0);

    // Support sees it, resolves it once with the gateway's refund id, and it leaves the list.
    const staff = await supportUser(t);
    const listed = await t.http().get('/api/v1/support/suspense').set(bearer(staff)).expect(200);
    const mine = listed.body.data.accounts.find((a: { userId: string }) => a.userId === u.id);
    expect(mine).toMatchObject({
      account: `suspense:${u.id}`,
      balance: 250,
      entries: [{ reason: 'DEPOSIT', amount: 250, correlation: { type: 'deposit', id: orderId } }],
    });
    const bad = await t.http().post(`/api/v1/support/suspense/${u.id}/resolve`).set(bearer(staff)).send({ reference: 'x' }).expect(400);
    expect(bad.body.success).toBe(false);
    const resolved = await t
      .http()
      .post(`/api/v1/support/suspense/${u.id}/resolve`)
      .set(bearer(staff))
      .send({ reference: 'rfnd_Late0001', note: 'Refunded at Razorpay' })
      .expect(200);
    expect(resolved.body.data).toMatchObject({ amount: 250, reference: 'rfnd_Late0001' });
    const again = await t
      .http()
      .post(`/api/v1/support/suspense/${u.id}/resolve`)
      .set(bearer(staff))
      .send({ reference: 'rfnd_Late0001', note: 'Refunded at Razorpay' })
      .expect(200);
    expect(again.body.data.entryId).toBe(resolved.body.data.entryId);
    await t.http().post(`/api/v1/support/suspense/${u.id}/resolve`).set(bearer(staff)).send({ reference: 'rfnd_Other002', note: 'Second try' }).expect(400);
    expect(await balanceOf(t, suspense(u.id))).toBe(0n);
    const after = await t.http().get('/api/v1/support/suspense').set(bearer(staff)).expect(200);
    expect(after.body.data.accounts.find((a: { userId: string }) => a.userId === u.id)).toBeUndefined();
    // A customer cannot see the suspense list.
    const customer = await createUser(t);
    await t.http().get('/api/v1/support/suspense').set(customer.auth).expect(403);
  });

  it('sends a payout refunded after the account closed to suspense, not to the closed wallet', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 30_000n);
    const w = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 300, withdrawalMethod: 'UPI', upiId: 'fail42@okaxis' }).expect(201);
    // The closure cannot happen now (refused above); stand in for one that raced the request.
    await ds.query(`UPDATE users SET deleted_at = now(), email = 'deleted-' || id || '@deleted.invalid' WHERE id = $1`, [u.id]);
    const outcome = await t.app.get(CommandBus).execute(new ProcessPayoutCommand(w.body.data.transactionId));
    expect(outcome).toEqual({ status: 'FAILED', changed: true });
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    expect(await balanceOf(t, suspense(u.id))).toBe(30_000n);
  });

  it('sends a payout the bank returns after the account closed (paid, then reversed) to suspense', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 20_000n);
    const w = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 200, withdrawalMethod: 'UPI', upiId: 'pay7@okaxis' }).expect(201);
    const withdrawals = t.app.get(WithdrawalRepository);
    expect(await t.app.get(CommandBus).execute(new ProcessPayoutCommand(w.body.data.transactionId))).toEqual({ status: 'SUCCESS', changed: true });
    await close(u).expect(200);
    const row = (await withdrawals.find(w.body.data.transactionId))!;
    const reversed = await ds.transaction((m) => withdrawals.reverseIn(m, row, 'returned by the beneficiary bank'));
    expect(reversed.changed).toBe(true);
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    expect(await balanceOf(t, suspense(u.id))).toBe(20_000n);
  });

  it('never leaves money in a closed wallet when a closure and a late deposit race', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const u = await createUser(t);
        await adult(u);
        const { orderId, paymentId } = await paidButUnconfirmed(u, 100);
        return { u, orderId, paymentId };
      }),
    );
    t.clock.advance(HOUR + 60_000);
    const results = await Promise.all(
      outcomes.map(async ({ u, orderId, paymentId }) => {
        const [closing, credit] = await Promise.all([close(u), webhook(orderId, paymentId, 10_000)]);
        return { u, closing: closing.status, credit: credit.status };
      }),
    );
    for (const r of results) {
      expect(r.credit).toBe(200);
      expect([200, 400]).toContain(r.closing);
      const wallet = await balanceOf(t, userWallet(r.u.id));
      const held = await balanceOf(t, suspense(r.u.id));
      if (r.closing === 200) {
        expect(await closedAt(r.u.id)).not.toBeNull();
        expect([wallet, held]).toEqual([0n, 10_000n]);
      } else {
        expect(await closedAt(r.u.id)).toBeNull();
        expect([wallet, held]).toEqual([10_000n, 0n]);
      }
    }
  });

  it('erases payout details and check-in notes with the account; amounts, outcomes and the journal stay', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 20_000n);
    const w = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 200, withdrawalMethod: 'UPI', upiId: 'asha.rao@okaxis' }).expect(201);
    expect(await t.app.get(CommandBus).execute(new ProcessPayoutCommand(w.body.data.transactionId))).toEqual({ status: 'SUCCESS', changed: true });
    const [c] = await ds.query(
      `INSERT INTO challenges (user_id, challenge_date, wake_up_time, stake, status, is_successful, window_opens_at, window_closes_at, check_in_time, verification_method, check_in_location, notes)
       VALUES ($1, '2030-01-05', '06:00', 2000, 'PROCESSED', true, now(), now() + interval '30 minutes', now(), 'MANUAL', 'Home, Pune', 'woke up before the alarm') RETURNING id`,
      [u.id],
    );
    const entriesBefore = (await ds.query(`SELECT count(*)::int AS n FROM postings WHERE account = $1`, [userWallet(u.id)]))[0].n;
    await close(u).expect(200);
    const [wrow] = await ds.query(`SELECT upi_id, status, amount::text FROM withdrawals WHERE id = $1`, [w.body.data.transactionId]);
    expect(wrow).toEqual({ upi_id: null, status: 'SUCCESS', amount: '20000' });
    const [crow] = await ds.query(`SELECT notes, check_in_location, status, is_successful, stake::text FROM challenges WHERE id = $1`, [c.id]);
    expect(crow).toEqual({ notes: null, check_in_location: null, status: 'PROCESSED', is_successful: true, stake: '2000' });
    expect((await ds.query(`SELECT count(*)::int AS n FROM postings WHERE account = $1`, [userWallet(u.id)]))[0].n).toBe(entriesBefore);
  });

  it('ends every session of a closed account at once', async () => {
    const u = await createUser(t);
    await t.http().get('/api/v1/wallet/balance').set(u.auth).expect(200);
    await close(u).expect(200);
    for (const path of ['/api/v1/wallet/balance', '/api/v1/auth/profile', '/api/v1/challenges']) {
      const res = await t.http().get(path).set(u.auth).expect(401);
      expect(res.body).toMatchObject({ success: false, statusCode: 401 });
    }
  });
});

describe('identity: role changes apply at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const consoleSearch = (token: string) => t.http().get('/api/v1/support/users').query({ q: 'test.local' }).set(bearer({ token }));

  it('takes the console from a support user demoted with grant-role, on the token issued before', async () => {
    const staff = await supportUser(t);
    await consoleSearch(staff.token).expect(200);
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await grantRoleCommand.run(t.app, [staff.email, 'USER'])).toBe(0);
    } finally {
      out.mockRestore();
    }
    const res = await consoleSearch(staff.token);
    expect([401, 403]).toContain(res.status);
    expect(res.body.success).toBe(false);
    // A fresh sign-in carries the new role.
    const login = await t.http().post('/api/v1/auth/login').send({ email: staff.email, password: staff.password }).expect(200);
    expect(login.body.role).toBe('USER');
    await consoleSearch(login.body.token).expect(403);
  });

  it('reads the stored role on support routes, so a demotion written straight to the database applies too', async () => {
    const staff = await supportUser(t);
    await consoleSearch(staff.token).expect(200);
    await t.app.get(DataSource).query(`UPDATE users SET role = 'USER' WHERE id = $1`, [staff.userId]);
    const res = await consoleSearch(staff.token).expect(403);
    expect(res.body).toEqual({ success: false, statusCode: 403, error: 'Access denied', message: 'Access denied' });
  });

  it('refuses a closed support account on the console even before its revocation reached Redis', async () => {
    const staff = await supportUser(t);
    await t.app.get(DataSource).query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [staff.userId]);
    await consoleSearch(staff.token).expect(401);
  });
});
