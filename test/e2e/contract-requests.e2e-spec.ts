import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { userWallet, WORLD } from '../../src/modules/wallet/domain/accounts.js';
import { IdentityTokensRepository } from '../../src/modules/identity/infrastructure/identity-tokens.repository.js';
import { createChallenge, fundedUser, ist, notificationsOf } from './challenges-helpers.js';

// "Requests as clients send them". Now: Sunday 2026-11-22, 12:00 in Kolkata.
const TODAY = '2026-11-22';
const TOMORROW = '2026-11-23';
const JSON_TYPE = 'application/json';

describe('contract: requests as clients send them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(ist(TODAY, '12:00')));

  const errorShape = (status: number) => ({ success: false, statusCode: status, error: expect.any(String), message: expect.any(String) });

  describe('a body-less call with Content-Type: application/json and no body is an empty object', () => {
    it('logout answers 200 and revokes the token', async () => {
      const u = await createUser(t);
      const res = await t.http().post('/api/v1/auth/logout').set(u.auth).set('Content-Type', JSON_TYPE).expect(200);
      expect(res.body).toMatchObject({ success: true });
      await t.http().get('/api/v1/wallet/balance').set(u.auth).expect(401);
    });

    it('verify-email reads the token from the query', async () => {
      const u = await createUser(t, { verified: false });
      const token = await t.app.get(IdentityTokensRepository).issue(u.id, 'VERIFY_EMAIL');
      await t.http().post('/api/v1/auth/verify-email').query({ token }).set('Content-Type', JSON_TYPE).expect(200);
      const [row] = await t.app.get(DataSource).query('SELECT is_email_verified FROM users WHERE id = $1', [u.id]);
      expect(row.is_email_verified).toBe(true);
    });

    it('resend-verification reads the email from the query', async () => {
      const u = await createUser(t, { verified: false });
      const res = await t.http().post('/api/v1/auth/resend-verification').query({ email: u.email }).set('Content-Type', JSON_TYPE).expect(200);
      expect(res.body).toMatchObject({ success: true });
    });

    it('cancel (DELETE) refunds the stake', async () => {
      const u = await fundedUser(t, 500);
      const created = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201);
      const res = await t.http().delete(`/api/v1/challenges/${created.body.challenge.id}`).set(u.auth).set('Content-Type', JSON_TYPE).expect(200);
      expect(res.body).toMatchObject({ success: true, refundedAmount: 25, challenge: { status: 'CANCELLED' } });
    });

    it('mark-read marks the notification read', async () => {
      const u = await fundedUser(t, 500);
      const created = await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201);
      await t.http().delete(`/api/v1/challenges/${created.body.challenge.id}`).set(u.auth).expect(200);
      const [n] = (await notificationsOf(t, u.id, 'CHALLENGE_CANCELLED')) as { id: string }[];
      await t.http().put(`/api/v1/wallet/notifications/${n.id}/read`).set(u.auth).set('Content-Type', JSON_TYPE).expect(200);
      const [row] = await t.app.get(DataSource).query('SELECT is_read FROM notifications WHERE id = $1', [n.id]);
      expect(row.is_read).toBe(true);
    });

    it('a blank body (whitespace) is an empty object too, and so is an empty body with a charset', async () => {
      const u = await createUser(t);
      await t.http().post('/api/v1/auth/logout').set(u.auth).set('Content-Type', JSON_TYPE).send('  \n').expect(200);
      const v = await createUser(t);
      await t.http().post('/api/v1/auth/logout').set(v.auth).set('Content-Type', 'application/json; charset=utf-8').expect(200);
    });

    it.each([
      ['/api/v1/wallet/deposit', 'amount is required'],
      ['/api/v1/auth/verify-email', 'Invalid verification link'],
      ['/api/v1/auth/resend-verification', 'Please enter your email address'],
      ['/api/v1/challenges', 'challengeDate'],
    ])('where a body is required (%s), the answer is our own 400 naming the field', async (path, names) => {
      const u = await createUser(t);
      const res = await t.http().post(path).set(u.auth).set('Content-Type', JSON_TYPE).expect(400);
      expect(res.body).toMatchObject(errorShape(400));
      expect(res.body.message).toContain(names);
      expect(res.body.message).not.toMatch(/Body cannot be empty/);
    });

    it('malformed JSON is still a 400 in the error shape', async () => {
      const res = await t.http().post('/api/v1/auth/login').set('Content-Type', JSON_TYPE).send('{"email":').expect(400);
      expect(res.body).toMatchObject({ ...errorShape(400), error: 'Malformed JSON in request body' });
    });

    it('the webhook with an empty body is refused for its signature, not crashed', async () => {
      const res = await t
        .http()
        .post('/api/v1/wallet/webhooks/razorpay')
        .set('Content-Type', JSON_TYPE)
        .set('X-Razorpay-Signature', 'ab'.repeat(32))
        .expect(400);
      expect(res.body).toMatchObject(errorShape(400));
      expect(res.body.message).toMatch(/signature/i);
    });
  });

  describe('POST /wallet/withdraw/validate takes amount and withdrawalMethod only', () => {
    let u: TestUser;
    beforeAll(async () => {
      u = await createUser(t);
      await fund(t, u.id, 50_000n);
    });
    const validate = (body: object) => t.http().post('/api/v1/wallet/withdraw/validate').set(u.auth).send(body).expect(200);

    it.each([
      ['UPI', 2, 148],
      ['BANK_TRANSFER', 5, 145],
      ['BANK', 5, 145],
    ])('%s without payout details is valid, with its fee and net', async (withdrawalMethod, fee, netAmount) => {
      const res = await validate({ amount: 150, withdrawalMethod });
      expect(res.body).toMatchObject({ success: true, data: { valid: true, errors: [], fee, netAmount } });
    });

    it('still checks the amount without details', async () => {
      const res = await validate({ amount: 99, withdrawalMethod: 'UPI' });
      expect(res.body.data).toMatchObject({ valid: false, errors: ['Minimum withdrawal amount is ₹100'] });
    });

    it('checks details when they are sent', async () => {
      expect((await validate({ amount: 150, withdrawalMethod: 'UPI', upiId: 'no-handle' })).body.data.errors).toEqual(['Please enter a valid UPI ID']);
      expect((await validate({ amount: 150, withdrawalMethod: 'UPI', upiId: 'riya@okaxis' })).body.data).toMatchObject({ valid: true });
      expect((await validate({ amount: 150, withdrawalMethod: 'BANK', bankDetails: { accountNumber: '123456789' } })).body.data.errors).toEqual([
        'Please fill in all bank details',
      ]);
    });

    it('the withdrawal itself still needs the details', async () => {
      const res = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send({ amount: 150, withdrawalMethod: 'UPI' }).expect(400);
      expect(res.body.message).toBe('Please enter a valid UPI ID');
    });
  });

  describe('filter words', () => {
    let u: TestUser;
    beforeAll(async () => {
      u = await fundedUser(t, 500);
      t.clock.set(ist(TODAY, '12:00'));
      await createChallenge(t, u, { challengeDate: TOMORROW, wakeUpTime: '06:00', forfeitAmount: 25 }).expect(201);
      // A winnings line straight on the ledger (what settlement pays), so EARNINGS has something to find.
      await t.app.get(LedgerService).post({
        idempotencyKey: `test-winnings:${u.id}`,
        reason: 'WINNINGS',
        correlation: { type: 'adjustment', id: `test-winnings:${u.id}` },
        postings: [
          { account: WORLD, amount: -700n },
          { account: userWallet(u.id), amount: 700n },
        ],
        metadata: { test: true },
      });
    });
    const types = async (q: Record<string, string>) =>
      ((await t.http().get('/api/v1/wallet/transactions').query(q).set(u.auth).expect(200)).body.data.transactions as { type: string }[])
        .map((x) => x.type)
        .sort();

    it('transactions type=ALL is no filter', async () => {
      expect(await types({ type: 'ALL' })).toEqual(['DEPOSIT', 'FORFEIT', 'WINNINGS']);
      expect(await types({ type: 'all' })).toEqual(await types({}));
    });

    it('transactions type=EARNING and EARNINGS mean WINNINGS', async () => {
      expect(await types({ type: 'EARNINGS' })).toEqual(['WINNINGS']);
      expect(await types({ type: 'EARNING' })).toEqual(['WINNINGS']);
      expect(await types({ type: 'DEPOSIT' })).toEqual(['DEPOSIT']);
    });

    it('an unknown transaction type is a 400 listing the allowed ones', async () => {
      const res = await t.http().get('/api/v1/wallet/transactions').query({ type: 'PLEDGE' }).set(u.auth).expect(400);
      expect(res.body).toMatchObject(errorShape(400));
      for (const word of ['ALL', 'EARNING', 'EARNINGS', 'DEPOSIT', 'WINNINGS', 'WITHDRAWAL']) expect(res.body.message).toContain(word);
    });

    it('challenges status/ACTIVE means PENDING', async () => {
      const active = await t.http().get('/api/v1/challenges/status/ACTIVE').set(u.auth).expect(200);
      const pending = await t.http().get('/api/v1/challenges/status/PENDING').set(u.auth).expect(200);
      expect(active.body.challenges).toHaveLength(1);
      expect(active.body.challenges[0]).toMatchObject({ status: 'PENDING', challengeDate: TOMORROW });
      expect(active.body.challenges).toEqual(pending.body.challenges);
      expect((await t.http().get('/api/v1/challenges/status/active').set(u.auth).expect(200)).body.challenges).toHaveLength(1);
    });

    it('an unknown challenge status is a 400 listing the allowed ones', async () => {
      const res = await t.http().get('/api/v1/challenges/status/SNOOZED').set(u.auth).expect(400);
      expect(res.body).toMatchObject(errorShape(400));
      expect(res.body.message).toBe('status must be one of PENDING, ACTIVE, COMPLETED, PROCESSED, CANCELLED');
    });
  });

  describe('form-encoded and JSON bodies alike where SPEC.md shows a form', () => {
    it('verify-payment takes a form and JSON the same way', async () => {
      for (const form of [true, false]) {
        const u = await createUser(t);
        const order = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount: 100 }).expect(201);
        const orderId = order.body.data.orderId as string;
        const paid = await t.http().post('/api/v1/wallet/sandbox/checkout').set(u.auth).send({ orderId }).expect(200);
        const paymentId = paid.body.razorpay_payment_id as string;
        const req = t.http().post('/api/v1/wallet/verify-payment').set(u.auth);
        const res = form ? await req.type('form').send(`orderId=${orderId}&paymentId=${paymentId}`) : await req.send({ orderId, paymentId });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true });
        expect((await t.http().get('/api/v1/wallet/balance').set(u.auth).expect(200)).body.data.balance).toBe(100);
      }
    });

    it('a form missing a field names it', async () => {
      const u = await createUser(t);
      const res = await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).type('form').send('orderId=order_abc').expect(400);
      expect(res.body).toMatchObject({ ...errorShape(400), message: 'paymentId is required' });
    });
  });
});
