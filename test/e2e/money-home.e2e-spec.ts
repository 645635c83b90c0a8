import { randomUUID } from 'node:crypto';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { bearer, supportUser } from '../factories/users.js';
import { rupees, seedDay, Seeded } from './settlement-seed.js';
import { zonedInstant } from '../../src/common/time.js';
import { TokenService } from '../../src/common/auth/token.service.js';
import { AvailabilityRepository } from '../../src/modules/availability/infrastructure/availability.repository.js';
import { minuteOf } from '../../src/modules/availability/domain/outage-rules.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { signPayment } from '../../src/modules/wallet/domain/signatures.js';
import { ProcessPayoutCommand } from '../../src/modules/wallet/commands/process-payout/process-payout.command.js';
import { VerifyLedgerQuery } from '../../src/modules/wallet/queries/verify-ledger/verify-ledger.query.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';

const TZ = 'Asia/Kolkata';

/**
 * Every rupee comes home (a whole balance can always be withdrawn, then the account closed), every number
 * means one thing (netResult: what a settled morning did to the wallet), the rules come from GET /config, and
 * ledger:verify agrees with the contract (a deposit confirmed by a valid checkout signature verifies).
 */
describe('money home: whole-balance withdrawals, closing, netResult, rules, ledger check', () => {
  let t: TestApp;
  let ds: DataSource;
  beforeAll(async () => {
    t = await createTestApp({ env: { AVAILABILITY_RECORDER: 'manual' } });
    ds = t.app.get(DataSource);
  });
  afterEach(async () => {
    t.clock.set(new Date());
    await expectLedgerConsistent(t.app);
  });
  afterAll(() => t.close());

  const verifyLedger = () => t.app.get(QueryBus).execute(new VerifyLedgerQuery());
  /** A deposit the way the contract confirms one: an order, then verify-payment with a valid checkout signature. */
  const depositBySignature = async (u: TestUser, amount: number) => {
    const order = await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount }).expect(201);
    const orderId = order.body.data.orderId as string;
    const paymentId = `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
    const signature = signPayment(orderId, paymentId, t.config.razorpayKeySecret);
    const res = await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send({ orderId, paymentId, signature }).expect(200);
    return { orderId, paymentId, res };
  };
  const withdraw = (u: TestUser, body: Record<string, unknown>) => t.http().post('/api/v1/wallet/withdraw').set(u.auth).send(body);
  const validate = (u: TestUser, body: Record<string, unknown>) => t.http().post('/api/v1/wallet/withdraw/validate').set(u.auth).send(body);

  describe('every rupee comes home', () => {
    it('₹30 added by a signed checkout, withdrawn whole without a fee, paid out, then the account is closed', async () => {
      const u = await createUser(t);
      await depositBySignature(u, 30);
      expect(await balanceOf(t, userWallet(u.id))).toBe(3_000n);
      // the contract's way of confirming a deposit verifies healthy on the sandbox (no "no captured payment")
      expect(await verifyLedger()).toMatchObject({ ok: true, problems: [] });

      // the close refuses while the money is there
      expect((await t.http().delete('/api/v1/auth/account').set(u.auth).expect(400)).body.error).toMatch(/₹30/);

      const checked = await validate(u, { amount: 30, withdrawalMethod: 'UPI' }).expect(200);
      expect(checked.body.data).toMatchObject({ valid: true, errors: [], fee: 0, netAmount: 30 });
      const w = await withdraw(u, { amount: 30, withdrawalMethod: 'UPI', upiId: 'riya@okaxis' }).expect(201);
      expect(w.body.data).toMatchObject({ amount: 30, processingFee: 0, netAmount: 30, status: 'PENDING' });
      expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
      // in flight: still refused
      expect((await t.http().delete('/api/v1/auth/account').set(u.auth).expect(400)).body.error).toMatch(/withdrawal that is still being paid out/);

      expect(await t.app.get(CommandBus).execute(new ProcessPayoutCommand(w.body.data.transactionId))).toEqual({ status: 'SUCCESS', changed: true });
      const tx = (await t.http().get('/api/v1/wallet/transactions').set(u.auth).expect(200)).body.data.transactions as Record<string, unknown>[];
      expect(tx.find((x) => x.type === 'WITHDRAWAL')).toMatchObject({
        amount: 30,
        netAmount: 30,
        processingFee: 0,
        status: 'SUCCESS',
        description: 'Withdrawal to UPI · no fee',
      });
      expect(await verifyLedger()).toMatchObject({ ok: true, problems: [] });

      await t.http().delete('/api/v1/auth/account').set(u.auth).expect(200);
      expect((await ds.query(`SELECT deleted_at FROM users WHERE id = $1`, [u.id]))[0].deleted_at).not.toBeNull();
      expect(await verifyLedger()).toMatchObject({ ok: true, problems: [] });
    });

    it('₹98.50 withdrawn whole: no fee, net ₹98.50; a partial ₹50 is still refused', async () => {
      const u = await createUser(t);
      await fund(t, u.id, 9_850n);
      const partial = await withdraw(u, { amount: 50, withdrawalMethod: 'UPI', upiId: 'riya@okaxis' }).expect(400);
      expect(partial.body.error).toBe('Minimum withdrawal amount is ₹100');
      expect((await validate(u, { amount: 50, withdrawalMethod: 'UPI' }).expect(200)).body.data).toMatchObject({
        valid: false,
        errors: ['Minimum withdrawal amount is ₹100'],
      });
      expect((await validate(u, { amount: 98.49, withdrawalMethod: 'UPI' }).expect(200)).body.data.valid).toBe(false);

      expect((await validate(u, { amount: 98.5, withdrawalMethod: 'BANK_TRANSFER' }).expect(200)).body.data).toMatchObject({
        valid: true,
        fee: 0,
        netAmount: 98.5,
      });
      const w = await withdraw(u, { amount: 98.5, withdrawalMethod: 'UPI', upiId: 'riya@okaxis' }).expect(201);
      expect(w.body.data).toMatchObject({ amount: 98.5, processingFee: 0, netAmount: 98.5 });
      expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
      expect(await t.app.get(CommandBus).execute(new ProcessPayoutCommand(w.body.data.transactionId))).toEqual({ status: 'SUCCESS', changed: true });
      expect(await verifyLedger()).toMatchObject({ ok: true, problems: [] });
    });

    it('a whole balance of ₹100 or more keeps the fee but takes the paise: ₹114.50 → ₹2 fee, ₹112.50 sent', async () => {
      const u = await createUser(t);
      await fund(t, u.id, 11_450n);
      expect((await withdraw(u, { amount: 110.5, withdrawalMethod: 'UPI', upiId: 'riya@okaxis' }).expect(400)).body.error).toBe(
        'amount must be a whole number of rupees',
      );
      const w = await withdraw(u, { amount: 114.5, withdrawalMethod: 'UPI', upiId: 'riya@okaxis' }).expect(201);
      expect(w.body.data).toMatchObject({ amount: 114.5, processingFee: 2, netAmount: 112.5 });
      expect(await t.app.get(CommandBus).execute(new ProcessPayoutCommand(w.body.data.transactionId))).toEqual({ status: 'SUCCESS', changed: true });
      const tx = (await t.http().get('/api/v1/wallet/transactions').set(u.auth).expect(200)).body.data.transactions as Record<string, unknown>[];
      expect(tx.find((x) => x.type === 'WITHDRAWAL')).toMatchObject({
        amount: 114.5,
        netAmount: 112.5,
        processingFee: 2,
        description: 'Withdrawal to UPI · ₹112.50 sent after a ₹2 fee',
      });
    });
  });

  describe('netResult: what a settled morning did to the wallet', () => {
    // Another process's api heartbeat, years before these mornings (a production start in the same database leaves
    // one): settling them must not read the silence since as an outage and forgive their misses.
    const stray = `stray-api:${randomUUID()}`;
    beforeAll(async () => {
      const now = new Date();
      await t.app.get(AvailabilityRepository).addSamples([
        {
          minute: minuteOf(now),
          role: 'api',
          processId: stray,
          beats: 1,
          firstBeatAt: now,
          lastBeatAt: now,
          checkins: 0,
          checkinErrors: 0,
          uploads: 0,
          uploadFailures: 0,
        },
      ]);
    });
    afterAll(() => ds.query(`DELETE FROM availability_samples WHERE process_id = $1`, [stray]));

    const token = (s: Seeded) => ({ Authorization: `Bearer ${t.app.get(TokenService).sign({ id: s.userId, email: s.email, role: 'USER' })}` });
    const one = async (s: Seeded) => (await t.http().get(`/api/v1/challenges/${s.challengeId}`).set(token(s)).expect(200)).body;
    const listed = async (s: Seeded) =>
      ((await t.http().get('/api/v1/challenges').set(token(s)).expect(200)).body.challenges as { id: string; netResult: number | null }[]).find(
        (c) => c.id === s.challengeId,
      );

    it('a win → the pool share, a miss → minus 15%, null before settlement; the same in the list, by id and for support', async () => {
      const DAY = '2045-05-09';
      const [win, miss, other] = await seedDay(t.app, DAY, [
        { stake: rupees(30), ok: true },
        { stake: rupees(30), ok: false },
        { stake: rupees(30), ok: true },
      ]);
      t.clock.set(zonedInstant(DAY, '06:30', TZ));
      const before = await one(win);
      expect((before.challenge ?? before.data ?? before).netResult).toBeNull();
      t.clock.set(zonedInstant(DAY, '09:00', TZ));
      await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));

      const won = await one(win);
      // ₹4.50 kept from the miss, shared by two ₹30 winners: ₹2.25 each
      expect(won.challenge ?? won.data ?? won).toMatchObject({ status: 'PROCESSED', netResult: 2.25, poolShare: 2.25, winningsAmount: 32.25 });
      expect(await listed(other)).toMatchObject({ netResult: 2.25 });
      const missed = await one(miss);
      expect(missed.challenge ?? missed.data ?? missed).toMatchObject({ status: 'PROCESSED', netResult: -4.5 });
      expect(await listed(miss)).toMatchObject({ netResult: -4.5 });
      expect(await balanceOf(t, userWallet(miss.userId))).toBe(2_550n);

      // the notification says the same, never "You won" for a ₹0 share, and the date in words
      const [note] = (await ds.query(`SELECT title, message, data FROM notifications WHERE dedupe_key = $1`, [`settlement:${win.challengeId}`])) as {
        title: string;
        message: string;
        data: { netResult: number };
      }[];
      expect(note).toMatchObject({ title: 'Stake back ₹30 · winnings ₹2.25', data: { netResult: 2.25 } });
      expect(note.message).toContain('9 May 2045');
      const [lost] = (await ds.query(`SELECT title FROM notifications WHERE dedupe_key = $1`, [`settlement:${miss.challengeId}`])) as { title: string }[];
      expect(lost.title).toBe('₹25.50 back · ₹4.50 to the pool');

      // the won stake's return reads as a stake back, not a cancellation
      const tx = (await t.http().get('/api/v1/wallet/transactions').set(token(win)).expect(200)).body.data.transactions as {
        type: string;
        description: string;
        amount: number;
      }[];
      expect(tx).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'REFUND', amount: 30, description: 'Stake back: woke up on time' }),
          expect.objectContaining({ type: 'WINNINGS', amount: 2.25, description: 'Winnings: your share of the pool' }),
        ]),
      );

      const staff = await supportUser(t);
      const page = await t.http().get(`/api/v1/support/users/${miss.userId}`).set(bearer(staff)).expect(200);
      expect((page.body.data.challenges as { id: string }[]).find((r) => r.id === miss.challengeId)).toMatchObject({ netResult: -4.5 });
      expect(await verifyLedger()).toMatchObject({ ok: true, problems: [] });
    });

    it('a win when nobody missed → 0, and the notice says "Stake back ₹25 · winnings ₹0", never "You won"', async () => {
      const DAY = '2045-05-10';
      const [a] = await seedDay(t.app, DAY, [
        { stake: rupees(25), ok: true },
        { stake: rupees(40), ok: true },
      ]);
      t.clock.set(zonedInstant(DAY, '09:00', TZ));
      await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));
      const c = await one(a);
      expect(c.challenge ?? c.data ?? c).toMatchObject({ status: 'PROCESSED', netResult: 0 });
      const [note] = (await ds.query(`SELECT title, message FROM notifications WHERE dedupe_key = $1`, [`settlement:${a.challengeId}`])) as {
        title: string;
        message: string;
      }[];
      expect(note.title).toBe('Stake back ₹25 · winnings ₹0');
      expect(`${note.title} ${note.message}`).not.toMatch(/won/i);
    });

    it('a forgiven miss → 0 (the whole stake back)', async () => {
      const DAY = '2045-05-11';
      const [hit] = await seedDay(t.app, DAY, [
        { stake: rupees(40), ok: null },
        { stake: rupees(10), ok: true },
      ]);
      const staff = await supportUser(t);
      t.clock.set(zonedInstant(DAY, '06:30', TZ));
      await t
        .http()
        .post('/api/v1/support/outages')
        .set(bearer(staff))
        .send({
          kind: 'INCIDENT',
          startedAt: zonedInstant(DAY, '05:50', TZ).toISOString(),
          endedAt: zonedInstant(DAY, '06:05', TZ).toISOString(),
          detail: 'Check-ins failed for everyone',
        })
        .expect(200);
      t.clock.set(zonedInstant(DAY, '09:00', TZ));
      await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));
      const c = await one(hit);
      expect(c.challenge ?? c.data ?? c).toMatchObject({ status: 'PROCESSED', forgivenReason: expect.any(String), netResult: 0 });
      expect(await balanceOf(t, userWallet(hit.userId))).toBe(rupees(40));
    });

    it('a returned stake (pledge mode: the stake back, nothing won) → 0; a pledge miss → minus what was donated', async () => {
      const DAY = '2045-05-12';
      const [back, gave] = await seedDay(t.app, DAY, [
        { stake: rupees(20), ok: true },
        { stake: rupees(20), ok: false },
      ]);
      await ds.query(`UPDATE challenges SET pool_mode = 'pledge' WHERE id = ANY($1::uuid[])`, [[back.challengeId, gave.challengeId]]);
      t.clock.set(zonedInstant(DAY, '09:00', TZ));
      await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));
      const c = await one(back);
      expect(c.challenge ?? c.data ?? c).toMatchObject({ status: 'PROCESSED', netResult: 0 });
      const g = await one(gave);
      expect(g.challenge ?? g.data ?? g).toMatchObject({ status: 'PROCESSED', netResult: -3 });
      const [note] = (await ds.query(`SELECT title FROM notifications WHERE dedupe_key = $1`, [`settlement:${back.challengeId}`])) as { title: string }[];
      expect(note.title).toBe('Stake back ₹20');
    });
  });

  describe('the rules, from the server', () => {
    it('GET /config answers the rules the server enforces', async () => {
      const res = await t.http().get('/api/v1/config').expect(200);
      expect(res.body.data.rules).toEqual({
        stake: { min: 10, max: 100 },
        wakeUp: { earliest: '04:00', latest: '07:00', stepMinutes: 30 },
        checkIn: { minutesBefore: 15, minutesAfter: 10 },
        minBalanceToStake: 50,
        minBalanceRule: 'You need more than ₹50 in your wallet to stake',
        missRefundPercent: 85,
        withdrawal: { minimum: 100, maximum: 25000, wholeBalanceAnyAmount: true, fees: { UPI: 2, BANK_TRANSFER: 5 }, feeFreeBelow: 100 },
        deposit: { min: 10, max: 100000 },
      });
    });

    it('a stake on ₹50 exactly is refused in the same words', async () => {
      const u = await createUser(t);
      await fund(t, u.id, 5_000n);
      const tomorrow = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString().slice(0, 10);
      const res = await t.http().post('/api/v1/challenges').set(u.auth).send({ challengeDate: tomorrow, wakeUpTime: '06:00', forfeitAmount: 20 }).expect(400);
      expect(res.body.error).toBe('Insufficient balance! You need more than ₹50 in your wallet to stake');
    });

    it('the pool preview answers for the morning being staked, with an estimated share for a stake', async () => {
      const DAY = '2045-05-16';
      await seedDay(t.app, DAY, [
        { stake: rupees(50), ok: true },
        { stake: rupees(40), ok: false },
      ]);
      const u = await createUser(t);
      const plain = await t.http().get(`/api/v1/challenges/pool?date=${DAY}`).set(u.auth).expect(200);
      expect(plain.body.data).toEqual({ date: DAY, players: 2, totalStaked: 90, checkedIn: 1, missed: 1, pool: 6, settled: false, proof: 'NONE' });
      // ₹6 so far, shared by the ₹50 already up and this ₹25: ₹2 (the low end)
      const withStake = await t.http().get(`/api/v1/challenges/pool?date=${DAY}&stake=25`).set(u.auth).expect(200);
      expect(withStake.body.data).toMatchObject({ date: DAY, pool: 6, stake: 25, estimatedShare: 2 });
      expect((await t.http().get(`/api/v1/challenges/pool?date=${DAY}&stake=5`).set(u.auth).expect(400)).body.error).toBe(
        'stake must be a whole number of rupees from ₹10 to ₹100',
      );
      await t.http().get(`/api/v1/challenges/pool?date=${DAY}&stake=abc`).set(u.auth).expect(400);
    });
  });
});
