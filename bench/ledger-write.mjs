// 1. Ledger write: deposit-shaped journal entries per second (2 postings, 2 projections, hash chain) through
// LedgerService.post, 2 concurrent writers on different wallets, against pgbench running one INSERT + one UPDATE per
// transaction with 2 clients, alternated in the same run. Target: >= 50% of pgbench.
import { randomUUID } from 'node:crypto';
import { benchSize, createBenchDb, createContext, cleanRedis, dist, ensureBuilt, fmt, pgbench, recordBenchDeposits, report, runMain } from './lib.mjs';

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

    const wallets = [randomUUID(), randomUUID()];
    let posted = 0;
    const writer = async (userId, until) => {
      let n = 0;
      while (Date.now() < until) {
        const orderId = `order_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
        await ledger.post(depositEntry({ userId, orderId, paymentId: `pay_${orderId}`, amount: 10000n, provider: 'sandbox', via: 'bench' }));
        n++;
      }
      return n;
    };
    // warm-up: prepared statements, pool connections, JIT
    await Promise.all(wallets.map((w) => writer(w, Date.now() + 500))).then((c) => (posted += c[0] + c[1]));

    let pgTps = 0;
    let ledgerEps = 0;
    for (let r = 0; r < rounds; r++) {
      pgTps += await pgbench(db.url, PGBENCH_SCRIPT, { clients: 2, seconds });
      const t0 = performance.now();
      const until = Date.now() + seconds * 1000;
      const counts = await Promise.all(wallets.map((w) => writer(w, until)));
      const elapsed = (performance.now() - t0) / 1000;
      posted += counts[0] + counts[1];
      ledgerEps += (counts[0] + counts[1]) / elapsed;
    }
    pgTps /= rounds;
    ledgerEps /= rounds;

    await recordBenchDeposits(ds);
    const verification = await app.get(QueryBus).execute(new VerifyLedgerQuery());
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM journal_entries WHERE reason = 'DEPOSIT'`);
    const balances = await ds.query(`SELECT coalesce(sum(balance), 0)::text AS s FROM account_balances WHERE account LIKE 'user:%'`);
    const ratio = ledgerEps / pgTps;
    return report(
      'ledger-write',
      [
        {
          figure: 'deposit entries/s, 2 writers (LedgerService.post)',
          value: fmt(ledgerEps, 0),
          baseline: `pgbench INSERT+UPDATE, 2 clients: ${fmt(pgTps, 0)} tps`,
          ratio: `${fmt(ratio * 100, 1)}%`,
          target: '>= 50%',
          pass: ratio >= 0.5,
        },
      ],
      {
        size,
        checks: [
          { name: 'VerifyLedgerQuery ok (hash chains, projections = fold, journal sums to 0)', ok: verification.ok, detail: verification.problems.slice(0, 3).join('; ') },
          { name: 'every post landed exactly once', ok: n === posted, detail: `${n} entries, ${posted} posts` },
          { name: 'wallet balances = 100 x entries', ok: BigInt(balances[0].s) === BigInt(posted) * 10000n },
        ],
      },
    );
  } finally {
    await app?.close();
    await db.drop();
    await cleanRedis(db.prefix);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(main);
