// 1. Ledger write: deposit-shaped journal entries per second (2 postings, 2 projections, hash chain) through
// LedgerService.post against pgbench running one INSERT + one UPDATE per transaction, alternated in the same run:
// - 2 concurrent writers on different wallets against pgbench with 2 clients (target >= 60%);
// - a deposit rush: 32 concurrent writers on 32 wallets against pgbench with 32 clients (target >= 100%; the ledger
//   groups concurrent posts into one transaction and one commit, GroupCommit).
// Each throughput is printed with its latency p50/p99 (per post; pgbench: a 20% sample of its transactions).
import { randomUUID } from 'node:crypto';
import {
  benchSize,
  cpuMs,
  createBenchDb,
  createContext,
  cleanRedis,
  dist,
  ensureBuilt,
  fmt,
  percentile,
  pgbench,
  recordBenchDeposits,
  report,
  runMain,
} from './lib.mjs';

const PGBENCH_SCRIPT = `\\set aid random(1, 10000)
BEGIN;
INSERT INTO bench_log (acc, delta, at) VALUES (:aid, 1, now());
UPDATE bench_acc SET balance = balance + 1 WHERE id = :aid;
END;
`;

export async function main() {
  ensureBuilt();
  const size = benchSize();
  const seconds = size === 'small' ? 1 : 5;
  const rounds = size === 'small' ? 1 : 3;
  const db = await createBenchDb('ledger');
  let app;
  try {
    app = await createContext(db);
    const { LedgerService } = await dist('modules/wallet/infrastructure/ledger.service.js');
    const { depositEntry } = await dist('modules/wallet/domain/entries.js');
    const { VerifyLedgerQuery } = await dist('modules/wallet/queries/verify-ledger/verify-ledger.query.js');
    const { QueryBus } = await import('@nestjs/cqrs');
    const ledger = app.get(LedgerService);
    const ds = app.get((await import('typeorm')).DataSource);

    await ds.query(`CREATE TABLE bench_acc (id int PRIMARY KEY, balance bigint NOT NULL DEFAULT 0)`);
    await ds.query(`CREATE TABLE bench_log (id bigserial PRIMARY KEY, acc int NOT NULL, delta bigint NOT NULL, at timestamptz NOT NULL)`);
    await ds.query(`INSERT INTO bench_acc (id) SELECT g FROM generate_series(1, 10000) g`);

    let posted = 0;
    const writer = async (userId, until, latencies) => {
      let n = 0;
      while (Date.now() < until) {
        const orderId = `order_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
        const t = performance.now();
        await ledger.post(depositEntry({ userId, orderId, paymentId: `pay_${orderId}`, amount: 10000n, provider: 'sandbox', via: 'bench' }));
        latencies?.push(performance.now() - t);
        n++;
      }
      return n;
    };
    /** `writers` concurrent writers on as many wallets for `seconds`: entries/s and the latencies of its posts. */
    /** CPU (ms) of this process (the writers and LedgerService) and of PostgreSQL, added up over the measured rounds. */
    const cpu = { node: 0, pg: 0, posts: 0 };
    const measure = async (wallets, seconds, latencies) => {
      const t0 = performance.now();
      const [c0, p0] = [process.cpuUsage(), cpuMs('postgres')];
      const until = Date.now() + seconds * 1000;
      const counts = await Promise.all(wallets.map((w) => writer(w, until, latencies)));
      const n = counts.reduce((a, c) => a + c, 0);
      if (latencies) {
        const used = process.cpuUsage(c0);
        Object.assign(cpu, { node: cpu.node + (used.user + used.system) / 1000, pg: cpu.pg + cpuMs('postgres') - p0, posts: cpu.posts + n });
      }
      posted += n;
      return n / ((performance.now() - t0) / 1000);
    };
    const sizes = [
      { writers: 2, target: 0.6, figure: 'deposit entries/s, 2 writers (LedgerService.post)' },
      { writers: 32, target: 1.0, figure: 'deposit entries/s, 32 writers (rush, grouped commits)' },
    ];
    const rows = [];
    for (const size of sizes) {
      const wallets = Array.from({ length: size.writers }, () => randomUUID());
      // warm-up: prepared statements, pool connections, JIT
      await measure(wallets, 0.5);
      const base = { tps: 0, p50: [], p99: [], pgMs: 0, txns: 0 };
      let eps = 0;
      const latencies = [];
      Object.assign(cpu, { node: 0, pg: 0, posts: 0 });
      for (let r = 0; r < rounds; r++) {
        const p0 = cpuMs('postgres');
        const b = await pgbench(db.url, PGBENCH_SCRIPT, { clients: size.writers, seconds });
        base.pgMs += cpuMs('postgres') - p0;
        base.txns += b.tps * seconds;
        base.tps += b.tps / rounds;
        base.p50.push(b.p50);
        base.p99.push(b.p99);
        eps += (await measure(wallets, seconds, latencies)) / rounds;
      }
      latencies.sort((x, y) => x - y);
      const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      const ratio = eps / base.tps;
      rows.push({
        figure: size.figure,
        value: `${fmt(eps, 0)} (p50 ${fmt(percentile(latencies, 50), 2)} ms, p99 ${fmt(percentile(latencies, 99), 2)} ms)`,
        baseline: `pgbench INSERT+UPDATE, ${size.writers} clients: ${fmt(base.tps, 0)} tps (p50 ${fmt(median(base.p50), 2)} ms, p99 ${fmt(median(base.p99), 2)} ms)`,
        ratio: `${fmt(ratio * 100, 1)}%`,
        target: `>= ${size.target * 100}%`,
        margin: `${ratio - size.target >= 0 ? '+' : ''}${fmt((ratio - size.target) * 100, 1)} points`,
        pass: ratio >= size.target,
      });
      // what the ratio is made of: a post's CPU in node and in PostgreSQL (2 writers: one after the other, a chain)
      rows.push({
        figure: `CPU per post, ${size.writers} writers: node / PostgreSQL`,
        value: `${fmt(cpu.node / cpu.posts, 3)} / ${fmt(cpu.pg / cpu.posts, 3)} ms`,
        baseline: `pgbench: PostgreSQL ${fmt(base.pgMs / base.txns, 3)} ms a transaction`,
        ratio: '',
        target: '(not judged)',
        pass: null,
      });
    }

    await recordBenchDeposits(ds);
    const verification = await app.get(QueryBus).execute(new VerifyLedgerQuery());
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM journal_entries WHERE reason = 'DEPOSIT'`);
    const balances = await ds.query(`SELECT coalesce(sum(balance), 0)::text AS s FROM account_balances WHERE account LIKE 'user:%'`);
    return report('ledger-write', rows, {
      size,
      checks: [
        {
          name: 'VerifyLedgerQuery ok (hash chains, projections = fold, journal sums to 0)',
          ok: verification.ok,
          detail: verification.problems.slice(0, 3).join('; '),
        },
        { name: 'every post landed exactly once', ok: n === posted, detail: `${n} entries, ${posted} posts` },
        { name: 'wallet balances = 100 x entries', ok: BigInt(balances[0].s) === BigInt(posted) * 10000n },
      ],
    });
  } finally {
    await app?.close();
    await db.drop();
    await cleanRedis(db.prefix);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(main);
