import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { CommandBus } from '@nestjs/cqrs';
import { getQueueToken } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { FakeRazorpayX } from '../factories/fake-razorpayx.js';
import { payoutClearing, userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { PAYOUTS_QUEUE } from '../../src/modules/wallet/jobs/payouts.processor.js';
import { PayoutProvider } from '../../src/modules/wallet/infrastructure/payouts/payout-provider.js';
import { RazorpayxPayoutProvider } from '../../src/modules/wallet/infrastructure/payouts/razorpayx-payout.provider.js';
import { WorkerModule } from '../../src/worker.module.js';
import { until } from '../simulation/wait.js';

const KEY_ID = 'rzp_test_payoutsX';
const KEY_SECRET = 'x_secret_for_tests';
const ACCOUNT = '7878780080316316';
const WEBHOOK_SECRET = 'x_webhook_secret_for_tests';

const ENV = (url: string) => ({
  PAYOUTS_PROVIDER: 'razorpayx',
  RAZORPAYX_KEY_ID: KEY_ID,
  RAZORPAYX_KEY_SECRET: KEY_SECRET,
  RAZORPAYX_ACCOUNT_NUMBER: ACCOUNT,
  RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET,
  RAZORPAYX_API_URL: url,
});

describe('PAYOUTS_PROVIDER=razorpayx against a local fake of RazorpayX', () => {
  const fake = new FakeRazorpayX(KEY_ID, KEY_SECRET, ACCOUNT, WEBHOOK_SECRET);
  let t: TestApp;
  let ds: DataSource;
  let commands: CommandBus;
  let provider: RazorpayxPayoutProvider;
  // The payout queue is replaced by a recorder: the tests run the payout command themselves (as the job would, one
  // attempt per call), and no worker elsewhere may pick their jobs up.
  const queued: { name: string; data: unknown; opts: { jobId?: string; delay?: number } }[] = [];
  const queue = { add: async (name: string, data: unknown, opts: { jobId?: string; delay?: number }) => void queued.push({ name, data, opts }) };

  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({
      env: ENV(fake.url),
      override: (b) => b.overrideProvider(getQueueToken(PAYOUTS_QUEUE)).useValue(queue),
    });
    ds = t.app.get(DataSource);
    commands = t.app.get(CommandBus);
    provider = t.app.get(PayoutProvider) as RazorpayxPayoutProvider;
    expect(provider).toBeInstanceOf(RazorpayxPayoutProvider);
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.createStatus = 'processing';
    fake.listLags = false;
    provider.timeoutMs = 15_000;
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const run = (id: string) => commands.execute(new ProcessPayoutCommand(id));
  const withdrawal = async (id: string) =>
    (await ds.query(`SELECT status, provider_reference, provider_status, payout_provider, failure_reason FROM withdrawals WHERE id = $1`, [id]))[0] as {
      status: string;
      provider_reference: string | null;
      provider_status: string | null;
      payout_provider: string | null;
      failure_reason: string | null;
    };
  const entries = async (id: string) =>
    (
      (await ds.query(`SELECT idempotency_key FROM journal_entries WHERE correlation_type = 'withdrawal' AND correlation_id = $1 ORDER BY idempotency_key`, [
        id,
      ])) as { idempotency_key: string }[]
    ).map((r) => r.idempotency_key.split(':').at(-1));
  const sendWebhook = (w: { body: string; signature: string }, eventId?: string) => {
    const req = t.http().post('/api/v1/wallet/webhooks/razorpayx').set('Content-Type', 'application/json').set('X-Razorpay-Signature', w.signature);
    if (eventId) req.set('X-Razorpay-Event-Id', eventId);
    return req.send(w.body);
  };
  async function withdraw(u: TestUser, body: Record<string, unknown>): Promise<string> {
    const res = await t.http().post('/api/v1/wallet/withdraw').set(u.auth).send(body).expect(201);
    return res.body.data.transactionId as string;
  }
  const payoutOf = (id: string) => [...fake.payouts.values()].filter((p) => p.reference_id === id);

  it('pays a UPI withdrawal: contact, vpa fund account, one idempotent payout; processed by webhook exactly once', async () => {
    const u = await createUser(t, { fullName: 'Riya Sharma' });
    await fund(t, u.id, 100_000n);
    const id = await withdraw(u, { amount: 300, withdrawalMethod: 'UPI', upiId: 'riya@okaxis' });
    const fees = await balanceOf(t, 'platform:fees');

    expect(await run(id)).toEqual({ status: 'PENDING', changed: false });
    const contact = fake.calls('POST', '/v1/contacts').at(-1)!;
    expect(contact.body).toMatchObject({ name: 'Riya Sharma', type: 'customer', reference_id: u.id });
    const fa = fake.calls('POST', '/v1/fund_accounts').at(-1)!;
    expect(fa.body).toMatchObject({ account_type: 'vpa', vpa: { address: 'riya@okaxis' } });
    const create = fake.calls('POST', '/v1/payouts').at(-1)!;
    expect(create.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(create.idempotency).toBe(id);
    expect(create.body).toMatchObject({
      account_number: ACCOUNT,
      amount: 29_800,
      currency: 'INR',
      mode: 'UPI',
      purpose: 'payout',
      queue_if_low_balance: true,
      reference_id: id,
    });
    const [payout] = payoutOf(id);
    expect(await withdrawal(id)).toMatchObject({
      status: 'PENDING',
      provider_reference: payout.id,
      provider_status: 'processing',
      payout_provider: 'razorpayx',
    });
    expect(await balanceOf(t, payoutClearing(id))).toBe(30_000n); // still held
    // in case the webhook never comes, the job asks again later
    expect(queued.filter((j) => j.opts.jobId?.startsWith(`payout-${id}-poll-`))).toEqual([
      { name: 'payout', data: { withdrawalId: id }, opts: expect.objectContaining({ delay: 600_000 }) },
    ]);

    // a later run asks for the payout's state instead of creating another one
    const creates = fake.calls('POST', '/v1/payouts').length;
    expect(await run(id)).toEqual({ status: 'PENDING', changed: false });
    expect(fake.calls('POST', '/v1/payouts')).toHaveLength(creates);
    expect(fake.calls('GET', `/v1/payouts/${payout.id}`)).toHaveLength(1);

    const processed = fake.webhook('payout.processed', fake.move(payout.id, 'processed'));
    const first = await sendWebhook(processed, 'evt_processed_1').expect(200);
    expect(first.body).toEqual({ success: true, data: { eventId: 'evt_processed_1', outcome: 'paid' } });
    // the same delivery again, several at once, and a redelivery under a new event id: nothing more moves
    const again = await Promise.all([1, 2, 3].map(() => sendWebhook(processed, 'evt_processed_1')));
    expect(again.map((r) => [r.status, r.body.data.outcome])).toEqual([
      [200, 'duplicate'],
      [200, 'duplicate'],
      [200, 'duplicate'],
    ]);
    expect((await sendWebhook(processed, 'evt_processed_2').expect(200)).body.data.outcome).toBe('already-paid');
    expect(await run(id)).toEqual({ status: 'SUCCESS', changed: false });

    expect(await entries(id)).toEqual(['hold', 'paid']);
    expect(await withdrawal(id)).toMatchObject({ status: 'SUCCESS', provider_reference: payout.id, provider_status: 'processed' });
    expect(await balanceOf(t, payoutClearing(id))).toBe(0n);
    expect(await balanceOf(t, 'platform:fees')).toBe(fees + 200n);
    expect(await balanceOf(t, userWallet(u.id))).toBe(70_000n);
    expect(payoutOf(id)).toHaveLength(1);
  });

  it('pays a bank withdrawal by IMPS to a bank_account fund account, reused for the next payout to the same account', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 200_000n);
    const bank = {
      withdrawalMethod: 'BANK_TRANSFER',
      bankDetails: { accountNumber: '123456789012', ifscCode: 'hdfc0001234', accountHolderName: 'Arjun Rao', bankName: 'HDFC' },
    };
    fake.createStatus = 'processed';
    const contacts = fake.calls('POST', '/v1/contacts').length;
    const fas = fake.calls('POST', '/v1/fund_accounts').length;
    const a = await withdraw(u, { amount: 500, ...bank });
    expect(await run(a)).toEqual({ status: 'SUCCESS', changed: true });
    const b = await withdraw(u, { amount: 700, ...bank });
    expect(await run(b)).toEqual({ status: 'SUCCESS', changed: true });
    expect(fake.calls('POST', '/v1/contacts')).toHaveLength(contacts + 1);
    expect(fake.calls('POST', '/v1/fund_accounts')).toHaveLength(fas + 1);
    expect(fake.calls('POST', '/v1/fund_accounts').at(-1)!.body).toMatchObject({
      account_type: 'bank_account',
      bank_account: { name: 'Arjun Rao', ifsc: 'HDFC0001234', account_number: '123456789012' },
    });
    const [pa] = payoutOf(a);
    const [pb] = payoutOf(b);
    expect([pa.mode, pa.amount, pb.amount, pa.fund_account_id === pb.fund_account_id]).toEqual(['IMPS', 49_500, 69_500, true]);
    expect(await balanceOf(t, userWallet(u.id))).toBe(80_000n);
  });

  it('an answer lost after RazorpayX made the payout: the retry finds that payout by its reference id and pays nothing more', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const id = await withdraw(u, { amount: 350, withdrawalMethod: 'UPI', upiId: 'found.later@okicici' });
    fake.createStatus = 'processed';
    fake.mode = 'drop-after-create';
    await expect(run(id)).rejects.toThrow(/did not answer/);
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', payout_provider: 'razorpayx', provider_status: 'requesting' });
    fake.mode = 'ok';
    expect(await run(id)).toEqual({ status: 'SUCCESS', changed: true });
    expect(fake.calls('POST', '/v1/payouts').filter((c) => c.idempotency === id)).toHaveLength(1);
    expect(fake.calls('GET', '/v1/payouts').at(-1)!.path).toContain(`reference_id=${id}`);
    expect(payoutOf(id)).toHaveLength(1);
    expect(await entries(id)).toEqual(['hold', 'paid']);
  });

  it('an answer lost after RazorpayX made the payout (its list not showing it yet): the retry sends the same idempotency key and body, gets the same payout, pays once', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const id = await withdraw(u, { amount: 400, withdrawalMethod: 'UPI', upiId: 'lost.answer@okicici' });
    fake.createStatus = 'processed';
    fake.mode = 'drop-after-create';
    await expect(run(id)).rejects.toThrow(/did not answer/);
    expect(payoutOf(id)).toHaveLength(1); // the side effect happened
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', provider_reference: null });
    expect(await balanceOf(t, payoutClearing(id))).toBe(40_000n); // held, not refunded

    fake.mode = 'ok';
    fake.listLags = true;
    expect(await run(id)).toEqual({ status: 'SUCCESS', changed: true });
    const creates = fake.calls('POST', '/v1/payouts').filter((c) => c.idempotency === id);
    expect(creates).toHaveLength(2);
    expect(JSON.stringify(creates[1].body)).toBe(JSON.stringify(creates[0].body));
    expect(payoutOf(id)).toHaveLength(1);
    expect(await withdrawal(id)).toMatchObject({ status: 'SUCCESS', provider_reference: payoutOf(id)[0].id });
    expect(await entries(id)).toEqual(['hold', 'paid']);
    expect(await balanceOf(t, userWallet(u.id))).toBe(60_000n);
  });

  it('a call that times out after the payout was made is retried the same way (and a 5xx before it is retried too)', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const id = await withdraw(u, { amount: 250, withdrawalMethod: 'UPI', upiId: 'slow.bank@oksbi' });
    fake.mode = 'error500';
    await expect(run(id)).rejects.toThrow(/answered 500/);
    expect(payoutOf(id)).toHaveLength(0);
    fake.mode = 'hang-after-create';
    provider.timeoutMs = 300;
    await expect(run(id)).rejects.toThrow(/did not answer/);
    expect(payoutOf(id)).toHaveLength(1);
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING' });
    fake.mode = 'ok';
    provider.timeoutMs = 15_000;
    expect(await run(id)).toEqual({ status: 'PENDING', changed: false });
    expect(payoutOf(id)).toHaveLength(1);
    const [payout] = payoutOf(id);
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', provider_reference: payout.id });
    expect((await sendWebhook(fake.webhook('payout.processed', fake.move(payout.id, 'processed'))).expect(200)).body.data.outcome).toBe('paid');
    expect(await entries(id)).toEqual(['hold', 'paid']);
  });

  it('a failed payout is refunded in full, once (the answer says failed; the later payout.failed webhook changes nothing)', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const id = await withdraw(u, { amount: 200, withdrawalMethod: 'UPI', upiId: 'closed.account@okhdfc' });
    fake.createStatus = 'failed';
    expect(await run(id)).toEqual({ status: 'FAILED', changed: true });
    expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);
    const w = await withdrawal(id);
    expect(w).toMatchObject({ status: 'FAILED', provider_status: 'failed' });
    expect(w.failure_reason).toMatch(/Beneficiary bank rejected/);
    const [payout] = payoutOf(id);
    expect((await sendWebhook(fake.webhook('payout.failed', payout)).expect(200)).body.data.outcome).toBe('already-refunded');
    expect(await run(id)).toEqual({ status: 'FAILED', changed: false });
    expect(await entries(id)).toEqual(['hold', 'void']);
  });

  it('a payout.failed webhook that overtakes the lost answer refunds in full; the retry then finds the payout ended', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const id = await withdraw(u, { amount: 150, withdrawalMethod: 'UPI', upiId: 'overtaken@okaxis' });
    fake.mode = 'drop-after-create';
    await expect(run(id)).rejects.toThrow();
    const [payout] = payoutOf(id);
    const failed = fake.webhook('payout.failed', fake.move(payout.id, 'failed', 'NPCI declined the transaction'));
    expect((await sendWebhook(failed).expect(200)).body.data.outcome).toBe('refunded');
    expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);
    fake.mode = 'ok';
    expect(await run(id)).toEqual({ status: 'FAILED', changed: false });
    expect(payoutOf(id)).toHaveLength(1);
    expect(await entries(id)).toEqual(['hold', 'void']);
    expect(await withdrawal(id)).toMatchObject({ status: 'FAILED', provider_reference: payout.id });
  });

  it('a payout reversed after it was processed is refunded in full by a reversing entry, exactly once', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    const id = await withdraw(u, { amount: 500, withdrawalMethod: 'UPI', upiId: 'reversed@okaxis' });
    fake.createStatus = 'processed';
    const fees = await balanceOf(t, 'platform:fees');
    expect(await run(id)).toEqual({ status: 'SUCCESS', changed: true });
    expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);
    expect(await balanceOf(t, 'platform:fees')).toBe(fees + 200n);

    const [payout] = payoutOf(id);
    const reversed = fake.webhook('payout.reversed', fake.move(payout.id, 'reversed', 'Beneficiary account is closed'));
    const res = await Promise.all([sendWebhook(reversed, 'evt_rev_1'), sendWebhook(reversed, 'evt_rev_1'), sendWebhook(reversed, 'evt_rev_2')]);
    expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(res.map((r) => r.body.data.outcome).sort()).toEqual(['already-refunded', 'duplicate', 'refunded:after-paid'].sort());
    expect(await balanceOf(t, userWallet(u.id))).toBe(100_000n); // the whole 500 back, fee included
    expect(await balanceOf(t, 'platform:fees')).toBe(fees);
    expect(await entries(id)).toEqual(['hold', 'paid', 'returned']);
    const w = await withdrawal(id);
    expect(w).toMatchObject({ status: 'FAILED', provider_status: 'reversed' });
    expect(w.failure_reason).toMatch(/reversed after it was processed: Beneficiary account is closed/);
    const list = await t.http().get('/api/v1/wallet/transactions').set(u.auth).expect(200);
    expect(list.body.data.transactions.slice(0, 2).map((x: { type: string; amount: number }) => [x.type, x.amount])).toEqual([
      ['WITHDRAWAL_REVERSAL', 500],
      ['WITHDRAWAL', 500],
    ]);
    // a late processed webhook for the same payout does not pay it again
    expect((await sendWebhook(fake.webhook('payout.processed', { ...payout, status: 'processed' })).expect(200)).body.data.outcome).toBe(
      'ignored:already-reversed',
    );
    expect(await entries(id)).toEqual(['hold', 'paid', 'returned']);
  });

  it('queued and initiated webhooks only note the state; a payout it does not know, or another event, changes nothing', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const id = await withdraw(u, { amount: 100, withdrawalMethod: 'UPI', upiId: 'queued.low@okaxis' });
    fake.createStatus = 'queued';
    expect(await run(id)).toEqual({ status: 'PENDING', changed: false });
    const [payout] = payoutOf(id);
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', provider_status: 'queued' });
    expect((await sendWebhook(fake.webhook('payout.initiated', fake.move(payout.id, 'processing'))).expect(200)).body.data.outcome).toBe('noted:processing');
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING', provider_status: 'processing' });
    const stranger = { ...payout, id: 'pout_NotOurs0001', reference_id: 'someone-else' };
    expect((await sendWebhook(fake.webhook('payout.processed', stranger)).expect(200)).body.data.outcome).toBe('ignored:unknown-payout');
    expect((await sendWebhook(fake.webhook('transaction.created', payout)).expect(200)).body.data.outcome).toBe('ignored');
    expect(await entries(id)).toEqual(['hold']);
    expect(await balanceOf(t, payoutClearing(id))).toBe(10_000n);
  });

  it('a destination RazorpayX refuses (invalid VPA) is refunded without any payout', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const id = await withdraw(u, { amount: 100, withdrawalMethod: 'UPI', upiId: 'invalid.handle@okaxis' });
    expect(await run(id)).toEqual({ status: 'FAILED', changed: true });
    expect(payoutOf(id)).toHaveLength(0);
    expect((await withdrawal(id)).failure_reason).toMatch(/Invalid VPA/);
    expect(await balanceOf(t, userWallet(u.id))).toBe(50_000n);
  });

  it('refuses a webhook with a bad, missing or other-secret signature (400, error shape), and records nothing', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000n);
    const id = await withdraw(u, { amount: 100, withdrawalMethod: 'UPI', upiId: 'sig.check@okaxis' });
    await run(id);
    const [payout] = payoutOf(id);
    const good = fake.webhook('payout.processed', { ...payout, status: 'processed' });
    const events = async () => Number((await ds.query(`SELECT count(*) AS n FROM webhook_events WHERE provider = 'razorpayx'`))[0].n);
    const before = await events();
    const bad = await sendWebhook({ body: good.body, signature: good.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) }).expect(400);
    expect(bad.body).toMatchObject({ success: false, statusCode: 400, error: 'Invalid webhook signature' });
    await t.http().post('/api/v1/wallet/webhooks/razorpayx').set('Content-Type', 'application/json').send(good.body).expect(400);
    const deposits = new FakeRazorpayX(KEY_ID, KEY_SECRET, ACCOUNT, 'the-payments-webhook-secret').webhook('payout.processed', {
      ...payout,
      status: 'processed',
    });
    await sendWebhook(deposits).expect(400);
    // tampered amount with the original signature
    await sendWebhook({ body: good.body.replace(`"amount":${payout.amount}`, `"amount":${payout.amount + 100}`), signature: good.signature }).expect(400);
    expect(await events()).toBe(before);
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING' });
    // a signed body whose amount is not the withdrawal's is recorded and refused
    const wrongAmount = fake.webhook('payout.processed', { ...payout, status: 'processed', amount: payout.amount + 100 });
    expect((await sendWebhook(wrongAmount, 'evt_wrong_amount').expect(200)).body.data.outcome).toBe('refused:amount-mismatch');
    // a signed body that is not JSON
    const { createHmac } = await import('node:crypto');
    const junk = 'not json{';
    await sendWebhook({ body: junk, signature: createHmac('sha256', WEBHOOK_SECRET).update(junk).digest('hex') }).expect(400);
    // signed JSON that is not an event object (as the payments webhook refuses it)
    for (const notAnEvent of ['[]', 'null', '7', '"payout.processed"']) {
      const r = await sendWebhook({ body: notAnEvent, signature: createHmac('sha256', WEBHOOK_SECRET).update(notAnEvent).digest('hex') }).expect(400);
      expect(r.body.error).toMatch(/^Malformed webhook body/);
    }
    expect(await events()).toBe(before + 1);
    expect(await withdrawal(id)).toMatchObject({ status: 'PENDING' });
    expect((await sendWebhook(good, 'evt_good').expect(200)).body.data.outcome).toBe('paid');
  });
});

describe('PAYOUTS_PROVIDER=razorpayx through the real BullMQ worker', () => {
  const fake = new FakeRazorpayX(KEY_ID, KEY_SECRET, ACCOUNT, WEBHOOK_SECRET);
  let t: TestApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    await fake.start();
    t = await createTestApp({ env: ENV(fake.url) });
    const m = await Test.createTestingModule({ imports: [WorkerModule.forRoot(t.config)] }).compile();
    m.useLogger(false);
    await m.init();
    worker = m;
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await fake.stop();
  });

  it('a job whose answer was lost after the payout was made is retried by BullMQ and pays once', async () => {
    const ds = t.app.get(DataSource);
    const u = await createUser(t);
    await fund(t, u.id, 100_000n);
    fake.createStatus = 'processed';
    fake.dropCreates = 1;
    const before = fake.requests.length;
    const res = await t
      .http()
      .post('/api/v1/wallet/withdraw')
      .set(u.auth)
      .send({ amount: 450, withdrawalMethod: 'UPI', upiId: 'worker.retry@okaxis' })
      .expect(201);
    const id = res.body.data.transactionId as string;
    const [w] = await until(
      'the payout job to end the withdrawal',
      async () => {
        const rows = (await ds.query(`SELECT status, provider_reference FROM withdrawals WHERE id = $1 AND status <> 'PENDING'`, [id])) as {
          status: string;
          provider_reference: string;
        }[];
        return rows.length ? rows : null;
      },
      60_000,
      200,
    );
    const payouts = [...fake.payouts.values()].filter((p) => p.reference_id === id);
    // the first attempt made the payout and lost the answer; the retry found it by its reference id. Compared as one
    // object, so a failure shows every request the fake saw for this withdrawal (not the worker's polls of earlier
    // tests' payouts meanwhile); a second payout made under another key shows in `payouts`.
    const seen = fake.requests
      .slice(before)
      .filter((r) => r.path.startsWith('/v1/payouts') && (r.idempotency === id || r.path.includes(id) || payouts.some((p) => r.path.includes(p.id))))
      .map((r) => `${r.method} ${r.path.split('?')[0]}${r.path.includes(`reference_id=${id}`) ? '?reference_id' : ''}`);
    // One create for this withdrawal (the retry asked by reference id instead of creating again); a later status poll of
    // the same payout changes nothing, so only the creates are counted.
    expect({ payouts: payouts.length, withdrawal: w, creates: seen.filter((r) => r.startsWith('POST ')).length, seen }).toEqual({
      payouts: 1,
      withdrawal: { status: 'SUCCESS', provider_reference: payouts[0]?.id },
      creates: 1,
      seen: expect.arrayContaining(['POST /v1/payouts', 'GET /v1/payouts?reference_id']),
    });
    expect(await balanceOf(t, userWallet(u.id))).toBe(55_000n);
    expect(
      ((await ds.query(`SELECT count(*)::int AS n FROM journal_entries WHERE idempotency_key = $1`, [`withdrawal:${id}:paid`])) as { n: number }[])[0].n,
    ).toBe(1);
  }, 90_000);
});
