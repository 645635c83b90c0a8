import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createUser, fund } from '../factories/wallet.js';
import { StakeForfeitCommand } from '../../src/modules/wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { ReturnStakeCommand } from '../../src/modules/wallet/commands/return-stake/return-stake.command.js';
import { PostStakeMovementsCommand } from '../../src/modules/wallet/commands/post-stake-movements/post-stake-movements.command.js';
import { CreateNotificationCommand } from '../../src/modules/notifications/commands/create-notification/create-notification.command.js';

describe('wallet reading and support', () => {
  let t: TestApp;
  let commands: CommandBus;
  beforeAll(async () => {
    t = await createTestApp();
    commands = t.app.get(CommandBus);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  /** a loses ₹20 on 2026-11-20 (85% back), b wins it on 2026-11-21 with a ₹50 stake. */
  async function story() {
    const a = await createUser(t);
    const b = await createUser(t);
    t.clock.set('2026-11-19T10:00:00Z');
    await fund(t, a.id, 10_000n);
    await fund(t, b.id, 10_000n);
    const [ca, cb] = [randomUUID(), randomUUID()];
    await commands.execute(new StakeForfeitCommand({ userId: a.id, challengeId: ca, amount: 2_000n }));
    await commands.execute(new StakeForfeitCommand({ userId: b.id, challengeId: cb, amount: 5_000n }));
    t.clock.set('2026-11-20T04:00:00Z');
    await commands.execute(new PostStakeMovementsCommand({ movements: [{ type: 'REFUND_STAKE', userId: a.id, challengeId: ca, amount: 1_700n }] }));
    await commands.execute(
      new PostStakeMovementsCommand({ movements: [{ type: 'MOVE_TO_POOL', userId: a.id, challengeId: ca, date: '2026-11-20', amount: 300n }] }),
    );
    t.clock.set('2026-11-21T04:00:00Z');
    await commands.execute(new ReturnStakeCommand({ userId: b.id, challengeId: cb, amount: 5_000n, reason: 'SETTLED' }));
    await commands.execute(
      new PostStakeMovementsCommand({ movements: [{ type: 'PAY_WINNINGS', userId: b.id, challengeId: cb, date: '2026-11-20', amount: 300n }] }),
    );
    return { a, b, ca, cb };
  }

  it('answers the balance in rupees from the projection', async () => {
    const u = await createUser(t);
    await fund(t, u.id, 12_345n);
    const res = await t.http().get('/api/v1/wallet/balance').set(u.auth).expect(200);
    expect(res.body).toEqual({ success: true, data: { balance: 123.45 } });
  });

  it('lists transactions newest first with type, sign, status and reference; filters by type, date and page', async () => {
    const { a, ca } = await story();
    const res = await t.http().get('/api/v1/wallet/transactions').set(a.auth).expect(200);
    const list = res.body.data.transactions as Record<string, unknown>[];
    expect(res.body.data).toMatchObject({ page: 0, size: 20, total: 3 });
    expect(list.map((x) => [x.type, x.amount, x.debit, x.credit, x.status])).toEqual([
      ['REFUND', 17, false, true, 'SUCCESS'],
      ['FORFEIT', 20, true, false, 'SUCCESS'],
      ['DEPOSIT', 100, false, true, 'SUCCESS'],
    ]);
    expect(list[0]).toMatchObject({
      reference: ca,
      timestamp: '2026-11-20T04:00:00.000Z',
      createdAt: '2026-11-20T04:00:00.000Z',
      description: expect.any(String),
    });
    const forfeits = await t.http().get('/api/v1/wallet/transactions?type=FORFEIT').set(a.auth).expect(200);
    expect(forfeits.body.data.transactions.map((x: { type: string }) => x.type)).toEqual(['FORFEIT']);
    const day = await t.http().get('/api/v1/wallet/transactions?startDate=2026-11-20&endDate=2026-11-20').set(a.auth).expect(200);
    expect(day.body.data.transactions.map((x: { type: string }) => x.type)).toEqual(['REFUND']);
    const page = await t.http().get('/api/v1/wallet/transactions?page=1&size=2').set(a.auth).expect(200);
    expect(page.body.data).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(page.body.data.transactions.map((x: { type: string }) => x.type)).toEqual(['DEPOSIT']);
    const one = await t.http().get(`/api/v1/wallet/transactions/${list[1].id}`).set(a.auth).expect(200);
    expect(one.body.data).toEqual(list[1]);
  });

  it.each(['size=101', 'size=0', 'page=-1', 'page=abc', 'type=BOGUS', 'startDate=2026-13-01', 'startDate=2026-11-21&endDate=2026-11-20'])(
    'refuses transactions?%s with 400',
    async (q) => {
      const u = await createUser(t);
      const res = await t.http().get(`/api/v1/wallet/transactions?${q}`).set(u.auth).expect(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400 });
    },
  );

  it("hides another user's transaction (404)", async () => {
    const { a, b } = await story();
    const mine = await t.http().get('/api/v1/wallet/transactions').set(a.auth).expect(200);
    await t.http().get(`/api/v1/wallet/transactions/${mine.body.data.transactions[0].id}`).set(b.auth).expect(404);
  });

  it('reports winnings and losses per date with totals', async () => {
    const { a, b } = await story();
    const wa = await t.http().get('/api/v1/wallet/earnings?startDate=2026-11-01&endDate=2026-11-30').set(a.auth).expect(200);
    expect(wa.body.data).toMatchObject({ earnings: [{ date: '2026-11-20', winnings: 0, losses: 3, net: -3 }], totalWinnings: 0, totalLosses: 3 });
    const wb = await t.http().get('/api/v1/wallet/earnings').set(b.auth).expect(200);
    expect(wb.body.data).toMatchObject({ earnings: [{ date: '2026-11-21', winnings: 3, losses: 0, net: 3 }], totalWinnings: 3, totalLosses: 0 });
    const none = await t.http().get('/api/v1/wallet/earnings?startDate=2026-12-01&endDate=2026-12-31').set(b.auth).expect(200);
    expect(none.body.data.earnings).toEqual([]);
  });

  it('lists notifications (unreadOnly) and marks one read; another user cannot', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const { id } = await commands.execute(new CreateNotificationCommand({ userId: u.id, type: 'SETTLEMENT_WON', title: 'You won', message: 'You won ₹3' }));
    await commands.execute(new CreateNotificationCommand({ userId: u.id, type: 'CHALLENGE_CREATED', title: 'Set', message: 'Challenge set' }));
    await t.http().put(`/api/v1/wallet/notifications/${id}/read`).set(other.auth).expect(404);
    await t.http().put(`/api/v1/wallet/notifications/not-a-uuid/read`).set(u.auth).expect(404);
    const read = await t.http().put(`/api/v1/wallet/notifications/${id}/read`).set(u.auth).expect(200);
    expect(read.body).toMatchObject({ success: true, data: { id, isRead: true } });
    const unread = await t.http().get('/api/v1/wallet/notifications?unreadOnly=true').set(u.auth).expect(200);
    expect(unread.body.data).toMatchObject({ total: 1, unreadCount: 1 });
    expect(unread.body.data.notifications.map((n: { type: string }) => n.type)).toEqual(['CHALLENGE_CREATED']);
    const all = await t.http().get('/api/v1/wallet/notifications').set(u.auth).expect(200);
    expect(all.body.data.total).toBe(2);
    await t.http().get('/api/v1/wallet/notifications?size=500').set(u.auth).expect(400);
  });

  it('notifications asked for in the same tick are stored once per dedupeKey, each caller gets its id, and a bad row costs no other its own', async () => {
    const u = await createUser(t);
    const ds = t.app.get(DataSource);
    const key = `test:${randomUUID()}`;
    const stored = await commands.execute(
      new CreateNotificationCommand({ userId: u.id, type: 'CHALLENGE_CREATED', title: 'Earlier', message: 'stored before', dedupeKey: `${key}:old` }),
    );
    const ask = (n: number, dedupeKey?: string, type = 'CHALLENGE_CHECKED_IN') =>
      commands.execute(new CreateNotificationCommand({ userId: u.id, type: type as 'CHALLENGE_CHECKED_IN', title: `n${n}`, message: `m${n}`, dedupeKey }));
    // One batch: two rows share a key, one repeats a key stored earlier, two have none.
    const [a, b, c, d, e] = await Promise.all([ask(1, `${key}:x`), ask(2, `${key}:x`), ask(3, `${key}:old`), ask(4), ask(5)]);
    expect(a.id).toBe(b.id);
    expect(c.id).toBe(stored.id);
    expect(new Set([a.id, d.id, e.id, stored.id]).size).toBe(4);
    const rows = (await ds.query(`SELECT id, title FROM notifications WHERE user_id = $1 ORDER BY title`, [u.id])) as { id: string; title: string }[];
    expect(rows.map((r) => r.title)).toEqual(['Earlier', 'n1', 'n4', 'n5']);

    // A row the table refuses (a type longer than its column) fails its own insert only.
    const results = await Promise.allSettled([ask(6), ask(7, undefined, 'X'.repeat(40)), ask(8)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const after = (await ds.query(`SELECT title FROM notifications WHERE user_id = $1 ORDER BY title`, [u.id])) as { title: string }[];
    expect(after.map((r) => r.title)).toEqual(['Earlier', 'n1', 'n4', 'n5', 'n6', 'n8']);
  });

  describe('support (read-only)', () => {
    it('is refused to a USER (403)', async () => {
      const u = await createUser(t);
      await t.http().get('/api/v1/support/ledger/verify').set(u.auth).expect(403);
      await t.http().get(`/api/v1/support/users/${u.id}/ledger`).set(u.auth).expect(403);
    });

    it('finds users, shows a journal with running balances and verifies the ledger, recording every read', async () => {
      const staff = await createUser(t, { role: 'SUPPORT' });
      const { a } = await story();
      const found = await t
        .http()
        .get(`/api/v1/support/users?email=${encodeURIComponent(a.email)}`)
        .set(staff.auth)
        .expect(200);
      expect(found.body.data.users).toEqual([expect.objectContaining({ id: a.id, email: a.email, balance: 97 })]);
      const ledger = await t.http().get(`/api/v1/support/users/${a.id}/ledger`).set(staff.auth).expect(200);
      expect(ledger.body.data).toMatchObject({ account: `user:${a.id}:wallet`, balance: 97 });
      expect(ledger.body.data.entries.map((e: { reason: string; amount: number; runningBalance: number }) => [e.reason, e.amount, e.runningBalance])).toEqual([
        ['DEPOSIT', 100, 100],
        ['CHALLENGE_STAKE', -20, 80],
        ['STAKE_REFUNDED', 17, 97],
      ]);
      expect(ledger.body.data.entries[1]).toMatchObject({
        correlation: { type: 'challenge' },
        postings: expect.arrayContaining([{ account: `user:${a.id}:wallet`, amount: -20 }]),
      });
      const verify = await t.http().get('/api/v1/support/ledger/verify').set(staff.auth).expect(200);
      expect(verify.body.data).toMatchObject({ ok: true, journalSum: '0', problems: [] });
      await t.http().get(`/api/v1/support/users/${randomUUID()}/ledger`).set(staff.auth).expect(404);
      const log = await t.app
        .get(DataSource)
        .query(`SELECT action, subject_user_id FROM support_access_log WHERE actor_id = $1 ORDER BY created_at, action`, [staff.id]);
      expect(log).toEqual(
        expect.arrayContaining([
          { action: 'users.search', subject_user_id: null },
          { action: 'user.ledger', subject_user_id: a.id },
          { action: 'ledger.verify', subject_user_id: null },
        ]),
      );
      expect(log).toHaveLength(3);
    });
  });
});
