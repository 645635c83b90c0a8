import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, fund, recordWithdrawal, TestUser } from '../factories/wallet.js';
import { LedgerService } from '../../src/modules/wallet/infrastructure/ledger.service.js';
import { withdrawalHoldEntry, withdrawalPaidEntry, withdrawalVoidEntry } from '../../src/modules/wallet/domain/entries.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { addDays, zonedInstant } from '../../src/common/time.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';

const TZ = 'Asia/Kolkata';
/** An IST wall-clock instant, seconds allowed. */
const ist = (date: string, time: string): Date => {
  const [hh, mm, ss = '0'] = time.split(':');
  return new Date(zonedInstant(date, `${hh}:${mm}`, TZ).getTime() + Number(ss) * 1000);
};
const minutesAfterMidnight = (date: string, time: string) => Math.floor((ist(date, time).getTime() - ist(date, '00:00').getTime()) / 60_000);

/** GET /me/progress, the numbers behind the progress charts. Dates in 2037 only (no other test file uses them). */
describe('progress: a year of mornings, weekly wake-up against target, money per month', () => {
  let t: TestApp;
  let ds: DataSource;
  let me: TestUser;
  let rival: TestUser;

  const progress = (u: TestUser, query = '') => t.http().get(`/api/v1/me/progress${query}`).set(u.auth);
  const at = (date: string, time: string) => t.clock.set(ist(date, time));
  const book = async (u: TestUser, date: string, wakeUpTime: string, forfeitAmount: number): Promise<string> => {
    at(addDays(date, -1), '12:00');
    const res = await t.http().post('/api/v1/challenges').set(u.auth).send({ challengeDate: date, wakeUpTime, forfeitAmount });
    if (res.status !== 201) throw new Error(`booking ${date}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.challenge.id;
  };
  const checkIn = async (u: TestUser, id: string, date: string, time: string) => {
    at(date, time);
    await t.http().post('/api/v1/challenges/verify').set(u.auth).send({ challengeId: id, verificationMethod: 'MANUAL' }).expect(200);
  };
  const settle = async (date: string) => {
    at(date, '09:00');
    await t.app.get(CommandBus).execute(new CloseMissedChallengesCommand(date));
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
  };
  /** The wallet's postings per IST month, straight from the ledger (paise). */
  const ledgerNet = async (u: TestUser): Promise<Record<string, bigint>> => {
    const rows = (await ds.query(
      `SELECT to_char(created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM') AS month, sum(amount)::text AS net FROM postings WHERE account = $1 GROUP BY 1`,
      [userWallet(u.id)],
    )) as { month: string; net: string }[];
    return Object.fromEntries(rows.map((r) => [r.month, BigInt(r.net)]));
  };
  const paise = (rupees: number) => BigInt(Math.round(rupees * 100));
  type Month = { month: string; deposits: number; withdrawals: number; staked: number; returned: number; winnings: number; other: number; net: number };
  /** The year's flows agree with the transactions list's types (the wallet's own grouping of journal reasons). */
  const expectSameAsTransactions = async (u: TestUser, months: Month[]) => {
    const txs = (await t.http().get('/api/v1/wallet/transactions?size=100').set(u.auth).expect(200)).body.data.transactions as {
      type: string;
      amount: number;
    }[];
    const byType = (type: string) => txs.filter((x) => x.type === type).reduce((s, x) => s + paise(x.amount), 0n);
    const total = (k: keyof Omit<Month, 'month'>) => months.reduce((s, m) => s + paise(m[k]), 0n);
    expect({
      deposits: total('deposits'),
      staked: total('staked'),
      returned: total('returned'),
      winnings: total('winnings'),
      withdrawals: total('withdrawals'),
      other: total('other'),
    }).toEqual({
      deposits: byType('DEPOSIT'),
      staked: byType('FORFEIT'),
      returned: byType('REFUND'),
      winnings: byType('WINNINGS'),
      withdrawals: byType('WITHDRAWAL') - byType('WITHDRAWAL_REVERSAL'),
      other: 0n,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    me = await createUser(t);
    rival = await createUser(t);
    // In time order: the ledger is written as the clock moves forward.
    at('2037-01-10', '10:00');
    await fund(t, rival.id, 100_000n);
    at('2037-01-31', '23:30'); // 18:00 UTC on 31 Jan: January in IST and in UTC
    await fund(t, me.id, 200_000n);
    // A ₹200 withdrawal paid out; a ₹100 one held just before midnight and reversed just after (January out, February back).
    const ledger = t.app.get(LedgerService);
    const paid = { id: randomUUID(), userId: me.id, amount: 20_000n, fee: 200n, method: 'UPI' };
    at('2037-01-31', '23:40');
    await ledger.post(withdrawalHoldEntry(paid));
    await recordWithdrawal(t, { ...paid, status: 'SUCCESS' });
    await ledger.post(withdrawalPaidEntry(paid));
    const failed = { id: randomUUID(), userId: me.id, amount: 10_000n, fee: 200n, method: 'UPI' };
    at('2037-01-31', '23:50');
    await ledger.post(withdrawalHoldEntry(failed));
    at('2037-02-01', '00:10');
    await recordWithdrawal(t, { ...failed, status: 'FAILED' });
    await ledger.post(withdrawalVoidEntry({ ...failed, why: 'test payout failed' }));

    const d1 = await book(me, '2037-02-02', '05:30', 25);
    const r1 = await book(rival, '2037-02-02', '06:00', 20);
    await checkIn(me, d1, '2037-02-02', '05:35:20');
    await checkIn(rival, r1, '2037-02-02', '05:50');
    await settle('2037-02-02');

    await book(me, '2037-02-03', '06:00', 40); // missed: 85% back, 15% to the rival's pool share
    const r2 = await book(rival, '2037-02-03', '06:00', 60);
    await checkIn(rival, r2, '2037-02-03', '06:02');
    await settle('2037-02-03');

    const d3 = await book(me, '2037-02-04', '06:30', 30);
    await checkIn(me, d3, '2037-02-04', '06:45'); // after the window closed: a miss, with its check-in time
    await settle('2037-02-04');

    await book(me, '2037-02-05', '07:00', 20); // excused by declared leave
    at('2037-02-04', '13:00');
    await t.http().post('/api/v1/leave').set(me.auth).send({ date: '2037-02-05' }).expect(201);
    const cancelled = await book(me, '2037-02-06', '06:00', 50); // cancelled by its owner: not a morning
    at('2037-02-05', '12:30');
    await t.http().delete(`/api/v1/challenges/${cancelled}`).set(me.auth).expect(200);

    at('2037-03-01', '00:30'); // 19:00 UTC on 28 Feb: March in IST
    await fund(t, me.id, 30_000n);
    await book(me, '2037-03-02', '06:00', 35); // booked at noon on 1 March, still to come
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  it('gives each morning of the year its status, target and IST check-in; a plain cancel is no morning', async () => {
    const { body } = await progress(me, '?year=2037').expect(200);
    expect(body.success).toBe(true);
    expect(body.data.year).toBe(2037);
    expect(body.data.mornings).toEqual([
      { date: '2037-02-02', status: 'SUCCESS', wakeUpTime: '05:30', checkInTime: '05:35:20' },
      { date: '2037-02-03', status: 'FAILED', wakeUpTime: '06:00', checkInTime: null },
      { date: '2037-02-04', status: 'FAILED', wakeUpTime: '06:30', checkInTime: '06:45:00' },
      { date: '2037-02-05', status: 'EXCUSED', wakeUpTime: '07:00', checkInTime: null },
      { date: '2037-03-02', status: 'PENDING', wakeUpTime: '06:00', checkInTime: null },
    ]);
    // no year given: the current IST year (the clock is in March 2037)
    expect((await progress(me).expect(200)).body.data).toEqual(body.data);
  });

  it('means the target and the check-ins of each Monday-started week, leaving an excused morning out', async () => {
    const { weeks } = (await progress(me, '?year=2037').expect(200)).body.data;
    const target = [minutesAfterMidnight('2037-02-02', '05:30'), minutesAfterMidnight('2037-02-03', '06:00'), minutesAfterMidnight('2037-02-04', '06:30')];
    const actual = [minutesAfterMidnight('2037-02-02', '05:35:20'), minutesAfterMidnight('2037-02-04', '06:45')];
    const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
    expect(weeks).toEqual([
      { weekStart: '2037-02-02', targetMinutes: mean(target), actualMinutes: mean(actual) },
      { weekStart: '2037-03-02', targetMinutes: 360, actualMinutes: null },
    ]);
    expect(weeks[0]).toEqual({ weekStart: '2037-02-02', targetMinutes: 360, actualMinutes: 370 });
  });

  it('sums money in and out per IST month exactly as the ledger has it', async () => {
    const { months } = (await progress(me, '?year=2037').expect(200)).body.data;
    expect(months).toHaveLength(12);
    const byMonth = Object.fromEntries(months.map((m: { month: string }) => [m.month, m]));
    expect(byMonth['2037-01']).toEqual({ month: '2037-01', deposits: 2000, withdrawals: 300, staked: 0, returned: 0, winnings: 0, other: 0, net: 1700 });
    // stakes 25 + 40 + 30 + 20 + 50; back: 25 (won), 34 and 25.5 (85% of two misses), 20 (leave), 50 (cancelled);
    // the ₹100 withdrawal reversed this month counts against this month's withdrawals
    expect(byMonth['2037-02']).toEqual({ month: '2037-02', deposits: 0, withdrawals: -100, staked: 165, returned: 154.5, winnings: 0, other: 0, net: 89.5 });
    expect(byMonth['2037-03']).toEqual({ month: '2037-03', deposits: 300, withdrawals: 0, staked: 35, returned: 0, winnings: 0, other: 0, net: 265 });
    const ledger = await ledgerNet(me);
    for (const m of months) expect(paise(m.net)).toBe(ledger[m.month] ?? 0n);
    expect(months.reduce((s: bigint, m: { net: number }) => s + paise(m.net), 0n)).toBe(await balanceOf(t, userWallet(me.id)));
    await expectSameAsTransactions(me, months);
  });

  it('shows each person only their own mornings and money', async () => {
    const { data } = (await progress(rival, '?year=2037').expect(200)).body;
    expect(data.mornings).toEqual([
      { date: '2037-02-02', status: 'SUCCESS', wakeUpTime: '06:00', checkInTime: '05:50:00' },
      { date: '2037-02-03', status: 'SUCCESS', wakeUpTime: '06:00', checkInTime: '06:02:00' },
    ]);
    const feb = data.months.find((m: { month: string }) => m.month === '2037-02');
    // the whole pool of 3 Feb: 15% of my ₹40 miss
    expect(feb).toEqual({ month: '2037-02', deposits: 0, withdrawals: 0, staked: 80, returned: 80, winnings: 6, other: 0, net: 6 });
    const ledger = await ledgerNet(rival);
    for (const m of data.months) expect(paise(m.net)).toBe(ledger[m.month] ?? 0n);
    await expectSameAsTransactions(rival, data.months);
    const mine = (await progress(me, '?year=2037').expect(200)).body.data;
    expect(mine.mornings.map((m: { checkInTime: string | null }) => m.checkInTime)).not.toContain('05:50:00');
    expect(mine.months.find((m: { month: string }) => m.month === '2037-02').winnings).toBe(0);
  });

  it('answers an empty year with no mornings, no weeks and twelve months of zero', async () => {
    for (const [u, q] of [
      [me, '?year=2036'],
      [await createUser(t), '?year=2037'],
    ] as const) {
      const { data } = (await progress(u, q).expect(200)).body;
      expect(data.mornings).toEqual([]);
      expect(data.weeks).toEqual([]);
      expect(data.months).toHaveLength(12);
      for (const m of data.months) expect(m).toMatchObject({ deposits: 0, withdrawals: 0, staked: 0, returned: 0, winnings: 0, net: 0 });
    }
  });

  it('refuses a year that is not four digits from 2000 to 2100 with a 400, and a caller without a token with a 401', async () => {
    for (const q of ['?year=abcd', '?year=1999', '?year=2101', '?year=20370', '?year=37', '?year=2037&year=2038']) {
      const res = await progress(me, q);
      expect([q, res.status]).toEqual([q, 400]);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, error: 'year must be a year from 2000 to 2100, as four digits' });
    }
    await t.http().get('/api/v1/me/progress').expect(401);
  });
});
