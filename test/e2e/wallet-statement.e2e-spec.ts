import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { StakeForfeitCommand } from '../../src/modules/wallet/commands/stake-forfeit/stake-forfeit.command.js';
import { PostStakeMovementsCommand } from '../../src/modules/wallet/commands/post-stake-movements/post-stake-movements.command.js';

/** GET /api/v1/wallet/statement.csv: a period of IST dates, opening + lines = closing to the paisa, only my lines. */
describe('wallet statement (CSV)', () => {
  let t: TestApp;
  let me: TestUser;
  let other: TestUser;
  let otherOrder: string;
  const challengeId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    const commands = t.app.get(CommandBus);
    me = await createUser(t);
    other = await createUser(t);
    t.clock.set('2026-01-31T18:00:00Z'); // 31 Jan 23:30 IST: before February
    await fund(t, me.id, 100_050n);
    t.clock.set('2026-01-31T19:00:00Z'); // 1 Feb 00:30 IST: in February
    const hostile = await fund(t, me.id, 25_025n);
    // a provider reference a spreadsheet would run as a formula
    // The provider's record moves with it, so the ledger still reconciles (the database is shared with later files).
    await t.app.get(DataSource).query(`UPDATE deposits SET payment_id = $1 WHERE order_id = $2`, ['=HYPERLINK("http://evil.example")', hostile.orderId]);
    await t.app
      .get(DataSource)
      .query(`UPDATE sandbox_payments SET payment_id = $1 WHERE order_id = $2`, ['=HYPERLINK("http://evil.example")', hostile.orderId]);
    otherOrder = (await fund(t, other.id, 500_000n)).orderId;
    t.clock.set('2026-02-10T00:30:00Z');
    await commands.execute(new StakeForfeitCommand({ userId: me.id, challengeId, amount: 2_500n }));
    t.clock.set('2026-02-11T04:00:00Z');
    await commands.execute(new PostStakeMovementsCommand({ movements: [{ type: 'REFUND_STAKE', userId: me.id, challengeId, amount: 2_125n }] }));
    t.clock.set('2026-02-28T18:29:59Z'); // 28 Feb 23:59:59 IST: the period's last second
    await fund(t, me.id, 1n);
    t.clock.set('2026-02-28T18:30:00Z'); // 1 Mar 00:00 IST: after February
    await fund(t, me.id, 777n);
  });
  afterAll(async () => {
    try {
      await expectLedgerConsistent(t.app); // what this file wrote still reconciles, for itself and the files after it
    } finally {
      await t.close();
    }
  });

  const statement = (query: string, auth = me.auth) => t.http().get(`/api/v1/wallet/statement.csv?${query}`).set(auth);
  const rowsOf = (text: string) =>
    text
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
  /** Amounts are the last two cells and never quoted: paise from "-25.00". */
  const paise = (cell: string) => (cell === '' ? null : BigInt(cell.replace('.', '')));
  const money = (row: string) => row.split(',').slice(-2).map(paise);

  it('answers a CSV file with a BOM: opening balance, each line with its running balance, closing balance', async () => {
    const res = await statement('startDate=2026-02-01&endDate=2026-02-28').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="wakestake-statement-2026-02-01-to-2026-02-28.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text.startsWith('\ufeff')).toBe(true);
    const rows = rowsOf(res.text);
    expect(rows[0]).toBe('Date (IST),Time (IST),Type,Description,Reference,Status,Amount (INR),Balance (INR)');
    expect(rows[1]).toBe('2026-02-01,00:00:00,Opening balance,,,,,1000.50');
    expect(rows[2]).toMatch(/^2026-02-01,00:30:00,Deposit,Money added to wallet,/);
    expect(rows[3]).toBe(`2026-02-10,06:00:00,Challenge stake,Forfeit staked on a wake-up challenge,${challengeId},SUCCESS,-25.00,1225.75`);
    expect(rows[4]).toMatch(/^2026-02-11,09:30:00,Refund,Back after a missed wake-up,.*,21\.25,1247\.00$/);
    expect(rows[5]).toMatch(/^2026-02-28,23:59:59,Deposit,.*,0\.01,1247\.01$/);
    expect(rows[6]).toBe('2026-02-28,23:59:59,Closing balance,,,,,1247.01');
    expect(rows).toHaveLength(7);
  });

  it('adds up to the paisa: opening + every line = closing, and the closing of a period up to today is the ledger balance', async () => {
    const rows = rowsOf((await statement('startDate=2026-02-01&endDate=2026-02-28').expect(200)).text);
    const [opening, ...rest] = rows.slice(1).map(money);
    const closing = rest.pop()!;
    let running = opening[1]!;
    for (const [amount, balance] of rest) {
      running += amount!;
      expect(balance).toBe(running);
    }
    expect(closing[1]).toBe(running);
    const [{ sum }] = (await t.app
      .get(DataSource)
      .query(`SELECT sum(amount)::text AS sum FROM postings WHERE account = $1 AND created_at < '2026-02-28T18:30:00Z'`, [userWallet(me.id)])) as {
      sum: string;
    }[];
    expect(running).toBe(BigInt(sum));

    const all = rowsOf((await statement('startDate=2026-01-01&endDate=2026-03-01').expect(200)).text);
    expect(money(all[1])[1]).toBe(0n);
    expect(money(all[all.length - 1])[1]).toBe(await balanceOf(t, userWallet(me.id)));
  });

  it('filters by IST dates: a day holds what happened on it in India', async () => {
    const jan31 = rowsOf((await statement('startDate=2026-01-31&endDate=2026-01-31').expect(200)).text);
    expect(jan31.slice(1).map((r) => r.split(',').slice(0, 3).join(','))).toEqual([
      '2026-01-31,00:00:00,Opening balance',
      '2026-01-31,23:30:00,Deposit',
      '2026-01-31,23:59:59,Closing balance',
    ]);
    const march = rowsOf((await statement('startDate=2026-03-01&endDate=2026-03-31').expect(200)).text);
    expect(march.slice(1).map(money)).toEqual([
      [null, 124_701n],
      [777n, 125_478n],
      [null, 125_478n],
    ]);
  });

  it('writes a reference a spreadsheet would run as a formula as text', async () => {
    const text = (await statement('startDate=2026-02-01&endDate=2026-02-01').expect(200)).text;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it("never includes another user's lines", async () => {
    const mine = (await statement('startDate=2026-01-01&endDate=2026-03-31').expect(200)).text;
    expect(rowsOf(mine)).toHaveLength(1 + 1 + 6 + 1);
    expect(mine).not.toContain(otherOrder.slice(6));
    expect(mine).not.toContain('5000.00');
    const theirs = rowsOf((await statement('startDate=2026-01-01&endDate=2026-03-31', other.auth).expect(200)).text);
    expect(theirs.slice(1).map(money)).toEqual([
      [null, 0n],
      [500_000n, 500_000n],
      [null, 500_000n],
    ]);
  });

  it.each([
    ['startDate=2026-02-01', 'startDate and endDate are required (YYYY-MM-DD)'],
    ['startDate=2026-02-30&endDate=2026-03-01', 'startDate must be a date YYYY-MM-DD'],
    ['startDate=2026-02-01&endDate=1-3-2026', 'endDate must be a date YYYY-MM-DD'],
    ['startDate=2026-02-02&endDate=2026-02-01', 'startDate must not be after endDate'],
    ['startDate=2025-01-01&endDate=2026-01-02', 'A statement covers at most 366 days'],
    ['startDate=2026-01-01&startDate=2026-01-02&endDate=2026-02-01', 'startDate must be given once, as text'],
  ])('refuses %s with a 400 that says why', async (query, error) => {
    const res = await statement(query).expect(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, error });
  });

  it('covers a leap year of 366 days, and refuses strangers with a 401', async () => {
    await statement('startDate=2028-01-01&endDate=2028-12-31').expect(200);
    await t.http().get('/api/v1/wallet/statement.csv?startDate=2026-02-01&endDate=2026-02-28').expect(401);
  });
});
