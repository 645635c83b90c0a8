import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { TokenService } from '../../src/common/auth/token.service.js';
import { AppConfig } from '../../src/config/app-config.js';
import { SettleDateCommand, SettleDateResult } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { BookPlannedChallengesCommand } from '../../src/modules/challenges/plans/commands/book-planned-challenges/book-planned-challenges.command.js';
import { charityStatementCommand } from '../../src/modules/wallet/charity-statement.cli.js';
import { GetCharityStatementQuery } from '../../src/modules/wallet/queries/get-charity-statement/get-charity-statement.query.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { balanceOf } from '../factories/wallet.js';
import { createChallenge, fundedUser, ist } from './challenges-helpers.js';
import { rupees, seedDay, Seeded, SeedSpec } from './settlement-seed.js';

/**
 * POOL_MODE: the same seeded day settled as a pool and as pledges, to the paisa; a date holding both modes
 * keeps them apart; pledge-mode sums per charity equal the forfeits; the monthly statement adds up to the same.
 */
const CHARITIES = 'akshaya-patra:Akshaya Patra,goonj:Goonj';
const POOL_DAY = '2026-06-01';
const PLEDGE_DAY = '2026-06-02';
const MIXED_DAY = '2026-06-03';

// The same day each time: stakes, outcomes (true on time, false late, null missed) and, for pledges, the charity picked.
const DAY: (SeedSpec & { charity: string | null })[] = [
  { stake: rupees(100), ok: true, charity: 'akshaya-patra' },
  { stake: rupees(300), ok: true, charity: 'goonj' },
  { stake: rupees(200), ok: false, charity: 'akshaya-patra' },
  { stake: rupees(100), ok: null, charity: 'goonj' },
  { stake: rupees(50), ok: false, charity: null }, // staked while the operator listed no charity: the platform's
  { stake: rupees(37), ok: null, charity: 'akshaya-patra' },
];

describe('POOL_MODE: pool and pledge settle the same day each by its own rule, to the paisa', () => {
  let t: TestApp;
  let ds: DataSource;
  let bus: CommandBus;
  const wallet = (s: Seeded) => balanceOf(t, `user:${s.userId}:wallet`);
  const wallets = (rows: Seeded[]) => Promise.all(rows.map(wallet));
  const pledge = (rows: Seeded[], which: number[]) =>
    Promise.all(which.map((i) => ds.query(`UPDATE challenges SET pool_mode = 'pledge', charity_id = $2 WHERE id = $1`, [rows[i].challengeId, DAY[i].charity])));
  let platformBefore: bigint;
  let poolDay: Seeded[];
  let pledgeDay: Seeded[];
  let mixedDay: Seeded[];
  let mixed: SettleDateResult;

  beforeAll(async () => {
    t = await createTestApp({ env: { CHARITIES } });
    ds = t.app.get<DataSource>(getDataSourceToken());
    bus = t.app.get(CommandBus);
    platformBefore = await balanceOf(t, 'platform:revenue');
    poolDay = await seedDay(t.app, POOL_DAY, DAY);
    pledgeDay = await seedDay(t.app, PLEDGE_DAY, DAY);
    await pledge(pledgeDay, [0, 1, 2, 3, 4, 5]);
    mixedDay = await seedDay(t.app, MIXED_DAY, DAY);
    await pledge(mixedDay, [1, 2, 5]);
    await bus.execute(new SettleDateCommand(POOL_DAY));
    await bus.execute(new SettleDateCommand(PLEDGE_DAY));
    mixed = await bus.execute(new SettleDateCommand(MIXED_DAY));
  });
  afterAll(() => t.close());

  it('pool mode: misses refund 85%, the 15% pool is shared pro rata by the winners (largest remainder)', async () => {
    // pool 30 + 15 + 7.50 + 5.55 = 58.05 over stakes 100:300 → 14.51 and 43.54 (the odd paisa to the larger remainder)
    expect(await wallets(poolDay)).toEqual([11451n, 34354n, 17000n, 8500n, 4250n, 3145n]);
    expect(await balanceOf(t, `pool:${POOL_DAY}`)).toBe(0n);
  });

  it("pledge mode: a success gets exactly its stake back, a miss 85%, and nobody gets another player's money", async () => {
    expect(await wallets(pledgeDay)).toEqual([10000n, 30000n, 17000n, 8500n, 4250n, 3145n]);
    expect(await balanceOf(t, `pool:${PLEDGE_DAY}`)).toBe(0n);
    const journal = await ds.query(`SELECT count(*)::int AS n FROM postings WHERE account = $1`, [`pool:${PLEDGE_DAY}`]);
    expect(journal[0].n).toBe(0);
  });

  it('pledge mode: each charity receives exactly the forfeits of the misses that picked it; the platform those with none', async () => {
    // PLEDGE_DAY: akshaya 30.00 + 5.55, goonj 15.00, platform 7.50; MIXED_DAY pledges: akshaya 30.00 + 5.55 (goonj's won)
    const akshaya = await ds.query(
      `SELECT coalesce(sum(p.amount), 0)::text AS s FROM postings p JOIN journal_entries j ON j.id = p.entry_id WHERE p.account = 'charity:akshaya-patra' AND j.metadata->>'date' <= $1`,
      [MIXED_DAY],
    );
    expect(BigInt(akshaya[0].s)).toBe(3000n + 555n + 3000n + 555n);
    expect(await balanceOf(t, 'charity:goonj')).toBe(1500n);
    expect((await balanceOf(t, 'platform:revenue')) - platformBefore).toBe(750n);
    const forfeits = (rows: Seeded[], which: number[]) => which.reduce((s, i) => s + (rows[i].stake - (rows[i].stake * 85n) / 100n), 0n);
    const perCharity = await ds.query(
      `SELECT p.account, sum(p.amount)::text AS total FROM postings p JOIN journal_entries j ON j.id = p.entry_id
        WHERE p.account LIKE 'charity:%' AND j.metadata->>'date' = $1 GROUP BY 1 ORDER BY 1`,
      [PLEDGE_DAY],
    );
    expect(perCharity).toEqual([
      { account: 'charity:akshaya-patra', total: String(forfeits(pledgeDay, [2, 5])) },
      { account: 'charity:goonj', total: String(forfeits(pledgeDay, [3])) },
    ]);
  });

  it("a date holding both modes settles them as separate batches: pledge forfeits never fund the pool's winners", async () => {
    // pool batch: 100 ok, 100 missed, 50 late → pool 15 + 7.50, all to the one pool winner; pledges: 300 back, 170 and 31.45
    expect(await wallets(mixedDay)).toEqual([12250n, 30000n, 17000n, 8500n, 4250n, 3145n]);
    expect(mixed.batches).toHaveLength(2);
    expect(mixed.batches.map((b) => [b.participants, b.pool, b.moneyIn, b.moneyOut])).toEqual([
      [3, 2250n, 25000n, 25000n],
      [3, 0n, 53700n, 53700n],
    ]);
    expect(mixed.batches[0].mode).toBeUndefined();
    expect(mixed.batches[1]).toMatchObject({ mode: 'pledge', donated: 3555n, platformRevenue: 0n, sharesTotal: 0n });
    expect(await balanceOf(t, `pool:${MIXED_DAY}`)).toBe(0n);
    const rows = await ds.query(`SELECT status, count(*)::int AS n FROM challenges WHERE challenge_date = $1 GROUP BY 1`, [MIXED_DAY]);
    expect(rows).toEqual([{ status: 'PROCESSED', n: 6 }]);
    // the pool preview counts the pool's players only
    const auth = `Bearer ${t.app.get(TokenService).sign({ id: mixedDay[0].userId, email: mixedDay[0].email, role: 'USER' })}`;
    const preview = await t.http().get(`/api/v1/challenges/pool?date=${MIXED_DAY}`).set('Authorization', auth).expect(200);
    expect(preview.body.data).toMatchObject({ players: 3, checkedIn: 1, missed: 2, totalStaked: 250, pool: 22.5, settled: true });
  });

  it("the worker's parts (plan, pay by outcome and user range, finish) settle a mixed day exactly as one run does", async () => {
    const day = await seedDay(t.app, '2026-06-04', DAY);
    await pledge(day, [1, 2, 5]);
    const { runIds = [] } = await bus.execute(new SettleDateCommand('2026-06-04', { kind: 'plan' }));
    expect(runIds).toHaveLength(2);
    let paid = 0;
    for (const runId of runIds) {
      for (const winners of [false, true]) {
        paid += (
          await bus.execute(
            new SettleDateCommand('2026-06-04', {
              kind: 'pay',
              runId,
              winners,
              from: '00000000-0000-0000-0000-000000000000',
              to: '80000000-0000-0000-0000-000000000000',
            }),
          )
        ).linesPaid;
        paid += (
          await bus.execute(new SettleDateCommand('2026-06-04', { kind: 'pay', runId, winners, from: '80000000-0000-0000-0000-000000000000', to: null }))
        ).linesPaid;
      }
    }
    const done = await bus.execute(new SettleDateCommand('2026-06-04', { kind: 'finish', closed: 0, paidByParts: paid }));
    expect(done.batches.map((b) => b.status)).toEqual(['SETTLED', 'SETTLED']);
    expect(done.linesPaid).toBe(6);
    expect(await wallets(day)).toEqual([12250n, 30000n, 17000n, 8500n, 4250n, 3145n]);
    expect(await balanceOf(t, 'pool:2026-06-04')).toBe(0n);
  });

  it('settling again pays nothing twice', async () => {
    const again = await bus.execute(new SettleDateCommand(MIXED_DAY));
    expect(again.linesPaid).toBe(0);
    expect(await wallets(mixedDay)).toEqual([12250n, 30000n, 17000n, 8500n, 4250n, 3145n]);
    await expectLedgerConsistent(t.app);
  });

  it('words a pledge day without winnings: the receipt lists the donations, notifications name the charity', async () => {
    const token = (s: Seeded) => `Bearer ${t.app.get(TokenService).sign({ id: s.userId, email: s.email, role: 'USER' })}`;
    const res = await t.http().get(`/api/v1/settlements/${PLEDGE_DAY}`).set('Authorization', token(pledgeDay[2])).expect(200);
    const r = res.body.data.receipt;
    expect(r).toMatchObject({ mode: 'pledge', pool: 0, sharesTotal: 0, donated: 50.55, platformRevenue: 7.5, moneyIn: 787, moneyOut: 787 });
    expect(r.refundsTotal + r.stakesReturned + r.donated + r.platformRevenue).toBeCloseTo(r.moneyIn, 2);
    expect(r.donations).toEqual([
      { charityId: 'akshaya-patra', name: 'Akshaya Patra', challenges: 2, amount: 35.55 },
      { charityId: 'goonj', name: 'Goonj', challenges: 1, amount: 15 },
    ]);
    expect(res.body.data.yourLines).toEqual([
      expect.objectContaining({ stake: 200, refund: 170, winnings: 0, payout: 170, donated: 30, charityId: 'akshaya-patra' }),
    ]);

    const notes = await ds.query(`SELECT user_id, type, title, message FROM notifications WHERE user_id = ANY($1::uuid[]) AND type LIKE 'SETTLEMENT_%'`, [
      pledgeDay.map((s) => s.userId),
    ]);
    const of = (s: Seeded) => notes.find((n: { user_id: string }) => n.user_id === s.userId);
    expect(of(pledgeDay[2]).message).toContain('₹30 donated to Akshaya Patra');
    expect(of(pledgeDay[4]).message).toContain('went to WakeStake');
    expect(of(pledgeDay[1])).toMatchObject({ type: 'SETTLEMENT_RETURNED', title: 'Stake back ₹300' });
    for (const n of notes) expect(`${n.title} ${n.message}`).not.toMatch(/winning|won|pool/i);

    const c = await t.http().get(`/api/v1/challenges/${pledgeDay[3].challengeId}`).set('Authorization', token(pledgeDay[3])).expect(200);
    expect(c.body.challenge).toMatchObject({ poolMode: 'pledge', charityId: 'goonj', donationTo: 'Goonj', actualForfeitAmount: 15, estimatedWinnings: null });
    expect(c.body.challenge.statusDescription).toBe('Missed: ₹85 refunded to your wallet, ₹15 donated to Goonj');
    const stats = await t.http().get('/api/v1/challenges/stats').set('Authorization', token(pledgeDay[3])).expect(200);
    expect(stats.body).toMatchObject({ totalEarnings: 0, totalLosses: 15 });
    const [support] = await seedDay(t.app, '2026-05-21', [{ stake: rupees(1), ok: true }], 'SUPPORT');
    const supportView = await t
      .http()
      .get(`/api/v1/support/users/${pledgeDay[3].userId}`)
      .set('Authorization', `Bearer ${t.app.get(TokenService).sign({ id: support.userId, email: support.email, role: 'SUPPORT' })}`)
      .expect(200);
    expect(supportView.body.data.stats).toMatchObject({ totalLosses: 15, totalDonated: 15 });
  });

  it('the monthly statement per charity (query, support route, CLI) sums to what each charity account holds', async () => {
    const s = await t.app.get(QueryBus).execute(new GetCharityStatementQuery('2026-06'));
    expect(s.charities.map((c) => [c.charityId, c.challenges, c.amount])).toEqual([
      ['akshaya-patra', 6, await balanceOf(t, 'charity:akshaya-patra')],
      ['goonj', 1, await balanceOf(t, 'charity:goonj')],
    ]);
    expect(s.csv).toBe(
      [
        'month,charity_id,charity_name,date,challenges,amount_inr',
        `2026-06,akshaya-patra,Akshaya Patra,${PLEDGE_DAY},2,35.55`,
        `2026-06,akshaya-patra,Akshaya Patra,${MIXED_DAY},2,35.55`,
        '2026-06,akshaya-patra,Akshaya Patra,2026-06-04,2,35.55',
        '2026-06,akshaya-patra,Akshaya Patra,TOTAL,6,106.65',
        `2026-06,goonj,Goonj,${PLEDGE_DAY},1,15.00`,
        '2026-06,goonj,Goonj,TOTAL,1,15.00',
        '',
      ].join('\n'),
    );
    expect((await t.app.get(QueryBus).execute(new GetCharityStatementQuery('2026-07'))).charities).toEqual([]);

    const [staff] = await seedDay(t.app, '2026-05-20', [{ stake: rupees(1), ok: true }], 'SUPPORT');
    const support = `Bearer ${t.app.get(TokenService).sign({ id: staff.userId, email: staff.email, role: 'SUPPORT' })}`;
    const res = await t.http().get('/api/v1/support/charities/statement?month=2026-06').set('Authorization', support).expect(200);
    expect(res.body.data).toMatchObject({ month: '2026-06', total: 121.65, csv: s.csv });
    const csv = await t.http().get('/api/v1/support/charities/statement.csv?month=2026-06').set('Authorization', support).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toBe(s.csv);
    const logged = await ds.query(`SELECT action FROM support_access_log WHERE actor_id = $1`, [staff.userId]);
    expect(logged.map((l: { action: string }) => l.action)).toEqual(expect.arrayContaining(['GET support/charities/statement']));
    expect((await t.http().get('/api/v1/support/charities/statement?month=2026-13').set('Authorization', support).expect(400)).body.error).toMatch(/YYYY-MM/);
    await t
      .http()
      .get('/api/v1/support/charities/statement?month=2026-06')
      .set('Authorization', `Bearer ${t.app.get(TokenService).sign({ id: pledgeDay[0].userId, email: pledgeDay[0].email, role: 'USER' })}`)
      .expect(403);

    const out: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true));
    try {
      expect(await charityStatementCommand.run(t.app, ['2026-06'])).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(out.join('')).toBe(s.csv);
  });
});

describe("POOL_MODE at creation: fixed per challenge, the charity picked from the operator's list", () => {
  let t: TestApp;
  let config: AppConfig;
  const TODAY = '2026-11-22';
  beforeAll(async () => {
    t = await createTestApp({ env: { CHARITIES, POOL_MODE: 'pledge' } });
    config = t.app.get(AppConfig);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(ist(TODAY, '12:00')));

  it('publishes the mode and the charity list in GET /config', async () => {
    const res = await t.http().get('/api/v1/config').expect(200);
    expect(res.body.data).toMatchObject({
      poolMode: 'pledge',
      charities: [
        { id: 'akshaya-patra', name: 'Akshaya Patra' },
        { id: 'goonj', name: 'Goonj' },
      ],
    });
  });

  it('stakes a pledge for the charity picked (else the first listed) and refuses one not on the list', async () => {
    const u = await fundedUser(t, 500);
    const picked = await createChallenge(t, u, { challengeDate: '2026-11-23', wakeUpTime: '06:00', forfeitAmount: 20, charityId: 'goonj' }).expect(201);
    expect(picked.body.challenge).toMatchObject({ poolMode: 'pledge', charityId: 'goonj', donationTo: 'Goonj' });
    const dflt = await createChallenge(t, u, { challengeDate: '2026-11-24', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    expect(dflt.body.challenge).toMatchObject({ poolMode: 'pledge', charityId: 'akshaya-patra' });
    const bad = await createChallenge(t, u, { challengeDate: '2026-11-25', wakeUpTime: '06:00', forfeitAmount: 20, charityId: 'nope' }).expect(400);
    expect(bad.body.error).toBe('charityId must be one of akshaya-patra, goonj');
  });

  it('switching POOL_MODE never changes a challenge already staked', async () => {
    const u = await fundedUser(t, 500);
    const before = await createChallenge(t, u, { challengeDate: '2026-11-23', wakeUpTime: '06:00', forfeitAmount: 20, charityId: 'goonj' }).expect(201);
    config.poolMode = 'pool';
    try {
      const after = await createChallenge(t, u, { challengeDate: '2026-11-24', wakeUpTime: '06:00', forfeitAmount: 20, charityId: 'goonj' }).expect(201);
      expect(after.body.challenge).toMatchObject({ poolMode: 'pool', charityId: null, donationTo: null });
      const again = await t.http().get(`/api/v1/challenges/${before.body.challenge.id}`).set(u.auth).expect(200);
      expect(again.body.challenge).toMatchObject({ poolMode: 'pledge', charityId: 'goonj' });
    } finally {
      config.poolMode = 'pledge';
    }
  });

  it('a recurring plan keeps the charity picked when it was made for every morning it books', async () => {
    const u = await fundedUser(t, 500);
    const bad = await t
      .http()
      .post('/api/v1/challenge-plans')
      .set(u.auth)
      .send({ days: 'EVERY_DAY', wakeUpTime: '06:00', forfeitAmount: 20, weeks: 1, charityId: 'nope' })
      .expect(400);
    expect(bad.body.error).toBe('charityId must be one of akshaya-patra, goonj');
    const plan = (
      await t
        .http()
        .post('/api/v1/challenge-plans')
        .set(u.auth)
        .send({ days: 'EVERY_DAY', wakeUpTime: '06:00', forfeitAmount: 20, weeks: 1, charityId: 'goonj' })
        .expect(201)
    ).body.data.plan;
    expect(plan.charityId).toBe('goonj');
    t.clock.set(ist('2026-11-22', '23:00'));
    await t.app.get(CommandBus).execute(new BookPlannedChallengesCommand());
    const [row] = await t.app
      .get<DataSource>(getDataSourceToken())
      .query(`SELECT pool_mode, charity_id FROM challenges WHERE user_id = $1 AND challenge_date = '2026-11-23'`, [u.id]);
    expect(row).toEqual({ pool_mode: 'pledge', charity_id: 'goonj' });
  });
});
