import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { TransactionalEvents } from '../../src/common/transactional-events.js';
import { MoneyNoticesHandler } from '../../src/modules/notifications/events/money-notices.handler.js';
import { SettlementNoticesHandler } from '../../src/modules/notifications/events/settlement-notices.handler.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { ChallengesSettled } from '../../src/modules/settlement/events/challenges-settled.event.js';
import { DepositCredited } from '../../src/modules/wallet/events/deposit-credited.event.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { balanceOf, createUser, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { rupees, seedDay } from './settlement-seed.js';

// The notices of money movements are written by the notifications module's event handlers, awaited, inside the
// transaction that moves the money (TransactionalEvents): both commit, or neither; a replay stores one notice.

describe('notices from events, in the money movement’s transaction', () => {
  let t: TestApp;
  let ds: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const noticesOf = async (userId: string) =>
    (await ds.query(`SELECT type, message, dedupe_key FROM notifications WHERE user_id = $1`, [userId])) as {
      type: string;
      message: string;
      dedupe_key: string;
    }[];
  const verifyBody = async (u: TestUser, amount: number) => {
    const { orderId } = (await t.http().post('/api/v1/wallet/deposit').set(u.auth).send({ amount }).expect(201)).body.data as { orderId: string };
    const c = (await t.http().post('/api/v1/wallet/sandbox/checkout').set(u.auth).send({ orderId }).expect(200)).body as {
      razorpay_payment_id: string;
      razorpay_signature: string;
    };
    return { orderId, paymentId: c.razorpay_payment_id, signature: c.razorpay_signature };
  };

  it('writes the deposit notice through the notifications handler with the deposit’s own (uncommitted) transaction', async () => {
    const u = await createUser(t);
    const body = await verifyBody(u, 300);
    const handler = t.app.get(MoneyNoticesHandler);
    const seen: { insideTx: number; outside: number; balanceOutside: bigint }[] = [];
    const original = handler.handle.bind(handler);
    const spy = jest.spyOn(handler, 'handle').mockImplementation(async (event) => {
      await original(event);
      if (event instanceof DepositCredited && event.deposit.userId === u.id) {
        const q = `SELECT count(*)::int AS n FROM notifications WHERE dedupe_key = $1`;
        const key = [`deposit:${body.orderId}:credited`];
        seen.push({
          insideTx: (await event.manager.query(q, key))[0].n,
          outside: (await ds.query(q, key))[0].n,
          balanceOutside: await balanceOf(t, userWallet(u.id)),
        });
      }
    });
    try {
      await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send(body).expect(200);
    } finally {
      spy.mockRestore();
    }
    // inside the deposit's transaction the notice exists; outside it neither the notice nor the money did yet
    expect(seen).toEqual([{ insideTx: 1, outside: 0, balanceOutside: 0n }]);
    expect(await noticesOf(u.id)).toEqual([
      { type: 'DEPOSIT_CREDITED', message: '₹300 was added to your wallet.', dedupe_key: `deposit:${body.orderId}:credited` },
    ]);
  });

  it('rolls the deposit back when its notice cannot be written, and a replay then credits once with one notice', async () => {
    const u = await createUser(t);
    const body = await verifyBody(u, 150);
    const handler = t.app.get(MoneyNoticesHandler);
    const original = handler.handle.bind(handler);
    // the notice is stored, then the handler fails: the whole transaction (deposit, entry, notice) must be undone
    const spy = jest.spyOn(handler, 'handle').mockImplementation(async (event) => {
      await original(event);
      throw new Error('notice store failed after writing');
    });
    try {
      const res = await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send(body);
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      spy.mockRestore();
    }
    expect(await ds.query(`SELECT status, entry_id FROM deposits WHERE order_id = $1`, [body.orderId])).toEqual([{ status: 'PENDING', entry_id: null }]);
    expect(await balanceOf(t, userWallet(u.id))).toBe(0n);
    expect(await noticesOf(u.id)).toEqual([]);

    // the same confirmation again, three times: credited once, one notice
    for (let i = 0; i < 3; i++) await t.http().post('/api/v1/wallet/verify-payment').set(u.auth).send(body).expect(200);
    expect(await balanceOf(t, userWallet(u.id))).toBe(15_000n);
    expect((await noticesOf(u.id)).map((n) => n.dedupe_key)).toEqual([`deposit:${body.orderId}:credited`]);
  });

  it('publishes one ChallengesSettled per chunk (not per challenge), and its notices commit with the chunk', async () => {
    const date = '2041-03-05';
    const day = await seedDay(t.app, date, [
      ...Array.from({ length: 5 }, () => ({ stake: rupees(100), ok: false })),
      ...Array.from({ length: 2 }, () => ({ stake: rupees(100), ok: true })),
    ]);
    const handler = t.app.get(SettlementNoticesHandler);
    const events: { lines: number; testPool: boolean }[] = [];
    const original = handler.handle.bind(handler);
    const spy = jest.spyOn(handler, 'handle').mockImplementation(async (event: ChallengesSettled) => {
      if (event.date === date) events.push({ lines: event.lines.length, testPool: event.testPool });
      return original(event);
    });
    const chunk = process.env.SETTLEMENT_CHUNK_SIZE;
    process.env.SETTLEMENT_CHUNK_SIZE = '2';
    try {
      await t.app.get(CommandBus).execute(new SettleDateCommand(date));
    } finally {
      if (chunk === undefined) delete process.env.SETTLEMENT_CHUNK_SIZE;
      else process.env.SETTLEMENT_CHUNK_SIZE = chunk;
      spy.mockRestore();
    }
    // losers in chunks of 2 (2, 2, 1), then the winners (2)
    expect(events).toEqual([2, 2, 1, 2].map((lines) => ({ lines, testPool: false })));
    const stored = (await ds.query(`SELECT user_id, type, title FROM notifications WHERE dedupe_key = ANY($1)`, [
      day.map((d) => `settlement:${d.challengeId}`),
    ])) as { user_id: string; type: string; title: string }[];
    expect(stored).toHaveLength(7);
    expect(stored.filter((n) => n.type === 'SETTLEMENT_REFUNDED').map((n) => n.title)).toEqual(Array(5).fill('₹85 back · ₹15 to the pool'));
    // 5 × ₹15 pooled, shared by two equal stakes: ₹37.50 each
    expect(stored.filter((n) => n.type === 'SETTLEMENT_WON').map((n) => n.title)).toEqual(Array(2).fill('Stake back ₹100 · winnings ₹37.50'));
  });

  it('refuses to publish an event nobody handles', async () => {
    class NobodyListens {}
    await expect(t.app.get(TransactionalEvents).publish(new NobodyListens())).rejects.toThrow('NobodyListens has no handler');
  });
});
