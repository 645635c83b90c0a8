import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WorkerModule } from '../../src/worker.module.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { computeSplit } from '../../src/modules/settlement/domain/split.js';
import { SettlementRepository } from '../../src/modules/settlement/infrastructure/settlement.repository.js';
import { testConfig } from '../setup/test-app.js';
import { seedDay, SeedSpec } from './settlement-seed.js';

/**
 * The plan is computed in SQL; domain/split.ts computeSplit is the rule's pure reference. A day with odd
 * paise stakes (remainders to distribute) and many equal creation times (ties broken by id) must give the same lines.
 */
describe('settlement plan in SQL = computeSplit', () => {
  let app: INestApplicationContext;
  let ds: DataSource;

  beforeAll(async () => {
    const m = await Test.createTestingModule({ imports: [WorkerModule.forRoot(testConfig())] }).compile();
    m.useLogger(false);
    await m.init();
    app = m;
    ds = app.get<DataSource>(getDataSourceToken());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores exactly the lines and totals of computeSplit', async () => {
    const DATE = '2025-07-09'; // past (so missed windows are closed), and used by no other test file: the run's database is shared
    let seed = 17;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const specs: SeedSpec[] = Array.from({ length: 60 }, () => {
      const x = random();
      return { stake: 1000n + BigInt(Math.floor(random() * 9000)), ok: x < 0.55 ? true : x < 0.8 ? false : null, createdMinute: Math.floor(random() * 4) };
    });
    await seedDay(app, DATE, specs);
    await app.get(CommandBus).execute(new SettleDateCommand(DATE));

    const inputs = (await ds.query(`SELECT id, user_id, stake::text AS stake, is_successful, created_at FROM challenges WHERE challenge_date = $1`, [
      DATE,
    ])) as { id: string; user_id: string; stake: string; is_successful: boolean; created_at: Date }[];
    expect(inputs).toHaveLength(60);
    const split = computeSplit(
      inputs.map((c) => ({ id: c.id, userId: c.user_id, stake: BigInt(c.stake), isSuccessful: c.is_successful, createdAt: c.created_at })),
    );
    expect(split.totals.roundingRemainderDistributed).toBeGreaterThan(0n);

    const lines = (await ds.query(
      `SELECT challenge_id, line_no, refund::text AS refund, pooled::text AS pooled, winnings::text AS winnings FROM settlement_lines WHERE settlement_date = $1 ORDER BY line_no`,
      [DATE],
    )) as { challenge_id: string; line_no: number; refund: string; pooled: string; winnings: string }[];
    expect(lines.map((l) => [l.challenge_id, Number(l.line_no), l.refund, l.pooled, l.winnings])).toEqual(
      split.lines.map((l) => [l.challengeId, l.lineNo, String(l.refund), String(l.pooled), String(l.winnings)]),
    );

    const [run] = await ds.query(
      `SELECT participants, successes, pool::text AS pool, shares_total::text AS shares, rounding_remainder::text AS rem, platform_revenue::text AS rev, money_in::text AS money_in, receipt FROM settlement_runs WHERE settlement_date = $1`,
      [DATE],
    );
    const t = split.totals;
    expect([run.participants, run.successes, run.pool, run.shares, run.rem, run.rev, run.money_in]).toEqual([
      t.participants,
      t.successes,
      String(t.pool),
      String(t.sharesTotal),
      String(t.roundingRemainderDistributed),
      String(t.platformRevenue),
      String(t.moneyIn),
    ]);
    // the stored receipt holds the totals only; its lines are read from settlement_lines
    expect(run.receipt.lines).toEqual([]);
    expect(run.receipt.moneyOut).toBe(String(t.moneyOut));
  });

  describe("a settlement transaction's WAL compression", () => {
    const setting = async (m: { query: DataSource['query'] }) => ((await m.query(`SELECT current_setting('wal_compression') AS v`)) as { v: string }[])[0].v;

    it('compresses its full-page images inside its own transaction only, where the role may set it', async () => {
      const server = await setting(ds);
      const inside = await ds.transaction(async (m) => {
        await app.get(SettlementRepository).useKeyedPlans(m);
        return setting(m);
      });
      expect(['lz4', 'pglz']).toContain(inside); // the test database's role is a superuser
      expect(await setting(ds)).toBe(server); // the pooled connection is back to the server's setting
    });

    it("keeps the server's setting, and settles, when the role may not set it", async () => {
      const role = `wakestake_nowal_${process.pid}`;
      await ds.query(`CREATE ROLE ${role} LOGIN`);
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.username = role;
      const limited = new DataSource({ type: 'postgres', url: url.toString() });
      try {
        await limited.initialize();
        const server = await setting(limited);
        const repo = new SettlementRepository(limited);
        const inside = await limited.transaction(async (m) => {
          await repo.useKeyedPlans(m);
          await repo.useKeyedPlans(m); // asked once: the answer is kept
          return setting(m);
        });
        expect(inside).toBe(server);
      } finally {
        if (limited.isInitialized) await limited.destroy();
        await ds.query(`DROP ROLE ${role}`);
      }
    });
  });
});
