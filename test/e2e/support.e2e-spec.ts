import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { zonedInstant } from '../../src/common/time.js';
import { StakeForfeitCommand } from '../../src/modules/wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { rupees, seedDay } from './settlement-seed.js';

/** Every route of the support console (ids need not exist: the role check comes first). */
const ROUTES: [method: 'get' | 'post', path: string][] = [
  ['get', '/support/users?q=someone'],
  ['get', '/support/users?email=someone'],
  ['get', `/support/users/${randomUUID()}`],
  ['get', `/support/users/${randomUUID()}/ledger`],
  ['get', `/support/challenges/${randomUUID()}`],
  ['get', `/support/challenges/${randomUUID()}/photo`],
  ['get', '/support/ledger/verify'],
  ['post', '/support/ledger/verify'],
  ['get', '/support/ledger/health'],
  ['get', '/support/settlements'],
  ['get', '/support/settlements/2026-03-17'],
  ['post', '/support/settlements/2026-03-17/rerun'],
  ['get', '/support/queues'],
  ['get', '/support/queues/payouts/jobs?state=failed'],
  ['post', '/support/queues/payouts/jobs/1/retry'],
];

const DATE = '2026-03-17';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('support console', () => {
  let t: TestApp;
  let ds: DataSource;
  let staff: TestUser;
  let subject: TestUser;
  let challengeId: string;
  let withdrawalId: string;
  let orderId: string;
  let paymentId: string;

  const api = (method: 'get' | 'post', path: string) => t.http()[method](`/api/v1${path}`);
  const journalSize = async () => Number((await ds.query(`SELECT count(*) AS n FROM journal_entries`))[0].n);
  const accessRows = async (actorId: string) =>
    (await ds.query(`SELECT action, subject_user_id, target FROM support_access_log WHERE actor_id = $1 ORDER BY created_at, seq`, [actorId])) as {
      action: string;
      subject_user_id: string | null;
      target: string;
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    const bus = t.app.get(CommandBus);
    staff = await createUser(t, { role: 'SUPPORT', fullName: 'Staff Sam' });
    subject = await createUser(t, { fullName: `Priya Story ${randomUUID().slice(0, 8)}` });
    await ds.query(`UPDATE users SET phone_number = $2 WHERE id = $1`, [subject.id, `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`]);

    // a real sandbox deposit of ₹500
    const order = (await api('post', '/wallet/deposit').set(subject.auth).send({ amount: 500 }).expect(201)).body.data;
    orderId = order.orderId;
    const paid = (await api('post', '/wallet/sandbox/checkout').set(subject.auth).send({ orderId }).expect(200)).body;
    paymentId = paid.razorpay_payment_id;
    await api('post', '/wallet/verify-payment').set(subject.auth).send({ orderId, paymentId, signature: paid.razorpay_signature }).expect(200);

    // a ₹100 UPI withdrawal, paid out by the payout command (its queued job is removed so no worker elsewhere takes it)
    withdrawalId = (await api('post', '/wallet/withdraw').set(subject.auth).send({ amount: 100, withdrawalMethod: 'UPI', upiId: 'priya@okaxis' }).expect(201))
      .body.data.transactionId;
    await t.app.get<Queue>(getQueueToken('payouts')).remove(`payout-${withdrawalId}`);
    expect(await bus.execute(new ProcessPayoutCommand(withdrawalId))).toMatchObject({ status: 'SUCCESS' });

    // a ₹20 challenge with a math mission checked in late with a photo (failed), beside a winner's ₹50; then the date is settled
    await seedDay(t.app, DATE, [{ stake: rupees(50), ok: true }]);
    challengeId = randomUUID();
    const photoPath = join('challenges', `${challengeId}-selfie.png`);
    mkdirSync(join(t.config.uploadsDir, 'challenges'), { recursive: true });
    writeFileSync(join(t.config.uploadsDir, photoPath), PNG);
    const opens = zonedInstant(DATE, '05:45', 'Asia/Kolkata');
    const closes = zonedInstant(DATE, '06:10', 'Asia/Kolkata');
    await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, is_successful, window_opens_at, window_closes_at,
                               check_in_time, verification_method, check_in_location, notes, photo_path, failure_reason, created_at, closed_at, mission)
       VALUES ($1, $2, $3, '06:00', 2000, 'COMPLETED', false, $4, $5, $6, 'PHOTO', 'Pune', 'Overslept', $7, 'Checked in after the window closed', $8, $6, 'MATH')`,
      [challengeId, subject.id, DATE, opens, closes, new Date(closes.getTime() + 5 * 60_000), photoPath, new Date(opens.getTime() - 86_400_000)],
    );
    await bus.execute(new StakeForfeitCommand({ userId: subject.id, challengeId, amount: 2_000n }));
    await bus.execute(new SettleDateCommand(DATE));
  });
  afterAll(() => t.close());

  describe('refuses everyone but support staff', () => {
    it.each(ROUTES)('%s %s: 401 without a token, 403 for a USER, in the error shape', async (method, path) => {
      const user = await createUser(t);
      const anon = await api(method, path).expect(401);
      expect(anon.body).toMatchObject({ success: false, statusCode: 401, error: expect.any(String), message: expect.any(String) });
      const denied = await api(method, path).set(user.auth).expect(403);
      expect(denied.body).toMatchObject({ success: false, statusCode: 403, error: expect.any(String), message: expect.any(String) });
      expect(await ds.query(`SELECT 1 FROM support_access_log WHERE actor_id = $1`, [user.id])).toHaveLength(0);
    });
  });

  it('finds a user by name, phone, id and email (q, and email kept)', async () => {
    const [row] = await ds.query(`SELECT full_name, phone_number FROM users WHERE id = $1`, [subject.id]);
    for (const q of [row.full_name, row.phone_number.slice(3), subject.id, subject.email.toUpperCase()]) {
      const res = await api('get', `/support/users?q=${encodeURIComponent(q)}`)
        .set(staff.auth)
        .expect(200);
      expect(res.body.data.users).toEqual([
        expect.objectContaining({
          id: subject.id,
          email: subject.email,
          fullName: row.full_name,
          phoneNumber: row.phone_number,
          createdAt: expect.any(String),
          balance: 397,
        }),
      ]);
    }
    const old = await api('get', `/support/users?email=${encodeURIComponent(subject.email)}`)
      .set(staff.auth)
      .expect(200);
    expect(old.body.data.users.map((u: { id: string }) => u.id)).toEqual([subject.id]);
    await api('get', '/support/users?q=a').set(staff.auth).expect(400);
    await api('get', '/support/users').set(staff.auth).expect(400);
  });

  it('reads the balances of every user found in one query, not one per user', async () => {
    const token = randomUUID().slice(0, 8);
    const twins = [
      await createUser(t, { fullName: `Twin ${token} One` }),
      await createUser(t, { fullName: `Twin ${token} Two` }),
      await createUser(t, { fullName: `Twin ${token} Three` }),
    ];
    const bus = t.app.get(QueryBus);
    const spy = jest.spyOn(bus, 'execute');
    try {
      const res = await api('get', `/support/users?q=${encodeURIComponent(`Twin ${token}`)}`)
        .set(staff.auth)
        .expect(200);
      expect(res.body.data.users.map((u: { id: string; balance: number }) => [u.id, u.balance]).sort()).toEqual(twins.map((u) => [u.id, 0]).sort());
      const names = spy.mock.calls.map(([q]) => (q as object).constructor.name);
      expect(names.filter((n) => n === 'GetBalancesQuery')).toHaveLength(1);
      expect(names).not.toContain('GetBalanceQuery');
    } finally {
      spy.mockRestore();
    }
  });

  it("shows the ledger with running balance, both sides' postings and links to the order, payment, withdrawal payout and challenge", async () => {
    const res = await api('get', `/support/users/${subject.id}/ledger`).set(staff.auth).expect(200);
    const d = res.body.data;
    expect(d).toMatchObject({ account: `user:${subject.id}:wallet`, balance: 397, user: { id: subject.id } });
    expect(d.entries.map((e: { reason: string; amount: number; runningBalance: number }) => [e.reason, e.amount, e.runningBalance])).toEqual([
      ['DEPOSIT', 500, 500],
      ['WITHDRAWAL_HOLD', -100, 400],
      ['CHALLENGE_STAKE', -20, 380],
      ['STAKE_REFUNDED', 17, 397],
    ]);
    const [deposit, hold, stake, refund] = d.entries;
    expect(deposit.links).toEqual({ orderId, paymentId, gateway: 'sandbox' });
    const [w] = await ds.query(`SELECT provider_reference FROM withdrawals WHERE id = $1`, [withdrawalId]);
    expect(w.provider_reference).toEqual(expect.any(String));
    expect(hold.links).toEqual({ withdrawalId, payoutReference: w.provider_reference });
    expect(stake.links).toEqual({ challengeId });
    expect(stake.postings).toEqual(
      expect.arrayContaining([
        { account: `user:${subject.id}:wallet`, amount: -20 },
        { account: `challenge:${challengeId}:stake`, amount: 20 },
      ]),
    );
    expect(refund).toMatchObject({ correlation: { type: 'challenge', id: challengeId }, links: { challengeId } });
    // what happened next to the money that left the wallet: the 15% pool move and the payout
    expect(d.related.map((e: { reason: string }) => e.reason).sort()).toEqual(['POOL_CONTRIBUTION', 'WITHDRAWAL_PAID']);
    const pool = d.related.find((e: { reason: string }) => e.reason === 'POOL_CONTRIBUTION');
    expect(pool.postings).toEqual(
      expect.arrayContaining([
        { account: `challenge:${challengeId}:stake`, amount: -3 },
        { account: `pool:${DATE}`, amount: 3 },
      ]),
    );
    expect(pool.links).toEqual({ challengeId, settlementDate: DATE });
  });

  it("tells a settled failed challenge's whole story with its receipt line and ledger", async () => {
    const res = await api('get', `/support/challenges/${challengeId}`).set(staff.auth).expect(200);
    const d = res.body.data;
    expect(d.challenge).toMatchObject({ id: challengeId, userId: subject.id, challengeDate: DATE, status: 'PROCESSED', isSuccessful: false });
    // The proof level, its review and the wake mission, beside each other
    expect(d.challenge).toMatchObject({ proof: 'NONE', proofStatus: null, mission: 'MATH' });
    expect(d.user).toMatchObject({ id: subject.id, email: subject.email });
    expect(d.created).toEqual({ at: expect.any(String), stake: 20 });
    expect(d.checkIn).toEqual({ at: expect.any(String), method: 'PHOTO', location: 'Pune', notes: 'Overslept', hasPhoto: true });
    expect(d.closed).toMatchObject({ outcome: 'FAILED', failureReason: 'Checked in after the window closed', at: expect.any(String) });
    expect(d.settled).toMatchObject({ date: DATE, refund: 17, winnings: 0, forfeit: 3, at: expect.any(String) });
    expect(d.settled.line).toMatchObject({ stake: 20, outcome: 'FAILED', refund: 17, pooled: 3, winnings: 0, paid: true });
    expect(d.settled.receipt).toMatchObject({ date: DATE, participants: 2, failures: 1, successes: 1, pool: 3 });
    expect(d.settled.receipt.lines).toContainEqual({ line: d.settled.line.lineNo, stake: 20, outcome: 'FAILED', refund: 17, winnings: 0 });
    expect(d.ledger.map((e: { reason: string }) => e.reason)).toEqual(['CHALLENGE_STAKE', 'STAKE_REFUNDED', 'POOL_CONTRIBUTION']);

    const photo = await api('get', `/support/challenges/${challengeId}/photo`).set(staff.auth).buffer(true).expect(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body as Buffer, PNG)).toBe(0);
    await api('get', `/support/challenges/${randomUUID()}`).set(staff.auth).expect(404);
    await api('get', '/support/challenges/not-a-uuid').set(staff.auth).expect(404);
  });

  it("shows a user's page: profile, balance, stats, challenges newest first and who looked", async () => {
    const other = await createUser(t, { role: 'SUPPORT' });
    await api('get', `/support/users/${subject.id}/ledger`).set(other.auth).expect(200);
    t.clock.advance(60_000);
    const res = await api('get', `/support/users/${subject.id}`).set(staff.auth).expect(200);
    const d = res.body.data;
    expect(d.user).toMatchObject({ id: subject.id, email: subject.email, role: 'USER' });
    expect(d.balance).toBe(397);
    expect(d.stats).toMatchObject({ totalChallenges: 1, failedChallenges: 1, successfulChallenges: 0, currentStreak: 0, totalLosses: 3, totalEarnings: 0 });
    expect(d.challenges).toEqual([
      expect.objectContaining({
        id: challengeId,
        status: 'PROCESSED',
        stake: 20,
        refundedAmount: 17,
        actualForfeitAmount: 3,
        proof: 'NONE',
        proofStatus: null,
        mission: 'MATH',
      }),
    ]);
    expect(d.accessLog[0]).toMatchObject({ actorId: staff.id, action: 'user.detail', createdAt: expect.any(String) });
    expect(d.accessLog).toContainEqual(
      expect.objectContaining({ actorId: other.id, actorEmail: other.email, action: 'user.ledger', target: `user:${subject.id}:wallet` }),
    );
    await api('get', `/support/users/${randomUUID()}`).set(staff.auth).expect(404);
  });

  it('stores each ledger verification with its time and answers the latest as health', async () => {
    const before = Number((await ds.query(`SELECT count(*) AS n FROM ledger_verifications`))[0].n);
    t.clock.set('2026-11-22T06:00:00Z');
    const run = await api('post', '/support/ledger/verify').set(staff.auth).expect(200);
    expect(run.body.data).toMatchObject({ ok: true, journalSum: '0', problems: [], runBy: staff.id, id: expect.any(String) });
    const [row] = await ds.query(`SELECT ok, checked_at FROM ledger_verifications WHERE id = $1`, [run.body.data.id]);
    expect(row.ok).toBe(true);
    expect(row.checked_at.toISOString()).toBe(run.body.data.checkedAt);
    const health = await api('get', '/support/ledger/health').set(staff.auth).expect(200);
    expect(health.body.data).toEqual(run.body.data);
    const legacy = await api('get', '/support/ledger/verify').set(staff.auth).expect(200);
    expect(legacy.body.data).toMatchObject({ ok: true, journalSum: '0' });
    expect(Number((await ds.query(`SELECT count(*) AS n FROM ledger_verifications`))[0].n)).toBe(before + 2);
  });

  describe('queues', () => {
    const name = `support-test-${randomUUID().slice(0, 8)}`;
    let queue: Queue;
    beforeAll(() => {
      const payouts = t.app.get<Queue>(getQueueToken('payouts'));
      queue = new Queue(name, { connection: payouts.opts.connection, prefix: payouts.opts.prefix });
    });
    afterAll(async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    });

    it('lists the app queues with counts, shows failed jobs without secrets and retries one; unknown queue 404', async () => {
      const job = await queue.add('boom', { withdrawalId: 'w-1', upiId: 'secret@okaxis', nested: { token: 'abc' } }, { attempts: 1 });
      const worker = new Worker(
        name,
        async () => {
          throw new Error('deliberate failure');
        },
        { connection: queue.opts.connection, prefix: queue.opts.prefix },
      );
      const deadline = Date.now() + 10_000;
      while (!(await job.isFailed()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await worker.close();
      expect(await queue.getJobState(job.id!)).toBe('failed');

      const list = await api('get', '/support/queues').set(staff.auth).expect(200);
      const names = list.body.data.queues.map((q: { name: string }) => q.name);
      expect(names).toEqual(expect.arrayContaining(['settlement', 'challenges', 'payouts', name]));
      expect(list.body.data.queues.find((q: { name: string }) => q.name === name)).toEqual({
        name,
        isPaused: false,
        counts: { waiting: 0, active: 0, failed: 1, delayed: 0, completed: 0 },
      });

      const failed = await api('get', `/support/queues/${name}/jobs?state=failed&limit=5`).set(staff.auth).expect(200);
      expect(failed.body.data).toMatchObject({ queue: name, state: 'failed' });
      expect(failed.body.data.jobs).toEqual([
        expect.objectContaining({
          id: job.id,
          name: 'boom',
          data: { withdrawalId: 'w-1', upiId: '[redacted]', nested: { token: '[redacted]' } },
          failedReason: 'deliberate failure',
          attemptsMade: 1,
          timestamp: expect.any(String),
          finishedOn: expect.any(String),
        }),
      ]);

      const retried = await api('post', `/support/queues/${name}/jobs/${job.id}/retry`).set(staff.auth).expect(200);
      expect(retried.body.data).toEqual({ queue: name, id: job.id, state: 'waiting' });
      expect(await queue.getJobState(job.id!)).toBe('waiting');
      await api('post', `/support/queues/${name}/jobs/${job.id}/retry`).set(staff.auth).expect(400);
      const waiting = await api('get', `/support/queues/${name}/jobs?state=waiting`).set(staff.auth).expect(200);
      expect(waiting.body.data.jobs.map((j: { id: string }) => j.id)).toEqual([job.id]);

      await api('get', '/support/queues/no-such-queue/jobs').set(staff.auth).expect(404);
      await api('post', '/support/queues/no-such-queue/jobs/1/retry').set(staff.auth).expect(404);
      await api('post', `/support/queues/${name}/jobs/999999/retry`).set(staff.auth).expect(404);
      await api('get', `/support/queues/${name}/jobs?state=bogus`).set(staff.auth).expect(400);
      await api('get', `/support/queues/${name}/jobs?limit=1000`).set(staff.auth).expect(400);
    });
  });

  it('records every console read (who, whom, what) and never writes to the journal', async () => {
    const reader = await createUser(t, { role: 'SUPPORT' });
    const journal = await journalSize();
    const reads: [string, string, string | null][] = [
      [`/support/users?q=${encodeURIComponent(subject.email)}`, 'users.search', null],
      [`/support/users/${subject.id}`, 'user.detail', subject.id],
      [`/support/users/${subject.id}/ledger`, 'user.ledger', subject.id],
      [`/support/challenges/${challengeId}`, 'challenge.story', subject.id],
      [`/support/challenges/${challengeId}/photo`, 'challenge.photo', subject.id],
      ['/support/ledger/verify', 'ledger.verify', null],
      ['/support/ledger/health', 'ledger.health', null],
      ['/support/settlements', 'GET support/settlements', null],
      [`/support/settlements/${DATE}`, 'GET support/settlements/:date', null],
      ['/support/queues', 'queues.list', null],
      ['/support/queues/settlement/jobs?state=failed', 'queue.jobs', null],
    ];
    for (const [path] of reads) await api('get', path).set(reader.auth).expect(200);
    await api('post', '/support/ledger/verify').set(reader.auth).expect(200);
    expect(await journalSize()).toBe(journal);
    const rows = await accessRows(reader.id);
    // the test clock stands still, so rows share one created_at: compare as sets
    const expected = [...reads.map(([, action, subj]) => [action, subj]), ['ledger.verify.run', null]];
    expect(rows.map((r) => [r.action, r.subject_user_id])).toEqual(expect.arrayContaining(expected));
    expect(rows).toHaveLength(expected.length);
    expect(rows.find((r) => r.action === 'GET support/settlements/:date')!.target).toBe(`/support/settlements/${DATE}`);
  });
});
