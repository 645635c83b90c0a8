// 4. Balance read: GET /api/v1/wallet/balance p50 on a wallet with 1,000,000 postings vs on a wallet with 10, through
// the real api process, alternated in the same run. Target: ratio <= 1.2 (the projection answers, not a fold).
// The big wallet's history is bulk-loaded with COPY, each posting hash-chained with the wallet's own postingHash
// (and its counterpart on a world shard likewise), projections set to the chain heads; VerifyLedgerQuery proves it.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  benchSize,
  cleanRedis,
  createBenchDb,
  createContext,
  dist,
  ensureBuilt,
  fmt,
  httpLoad,
  percentile,
  recordBenchDeposits,
  report,
  runMain,
  startApi,
  stopProcess,
} from './lib.mjs';

const GENESIS = '0'.repeat(64);

/** Streams rows into COPY … FROM STDIN through psql, with backpressure. */
function copyFrom(url, table, columns, rowsIter) {
  return new Promise((resolve, reject) => {
    const p = spawn('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy ${table} (${columns}) FROM STDIN`], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`COPY ${table} failed: ${err}`))));
    (async () => {
      let buf = '';
      for (const line of rowsIter) {
        buf += line;
        if (buf.length > 1 << 20) {
          if (!p.stdin.write(buf)) await new Promise((r) => p.stdin.once('drain', r));
          buf = '';
        }
      }
      p.stdin.end(buf);
    })().catch(reject);
  });
}

/** n deposit-shaped entries world:{i%16} → the wallet, hash-chained per account, loaded with COPY; projections set. */
async function bulkHistory(ds, url, userId, n, hmacKey) {
  const { postingHash, contentHash } = await dist('modules/wallet/domain/journal.js');
  const wallet = `user:${userId}:wallet`;
  const at = '2026-11-01 00:00:00+00';
  const entries = [];
  const heads = new Map([[wallet, { head: GENESIS, prev: GENESIS, seq: 0n, balance: 0n }]]);
  const postings = [];
  const deposits = []; // the paid order behind each entry (VerifyLedgerQuery reconciles them), loaded the same way
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const key = `bench-read:${userId}:${i}`;
    const world = `world:${i % 16}`;
    if (!heads.has(world)) heads.set(world, { head: GENESIS, prev: GENESIS, seq: 0n, balance: 0n });
    const ps = [
      { account: wallet, amount: 100n },
      { account: world, amount: -100n },
    ].sort((a, b) => (a.account < b.account ? -1 : 1));
    const correlation = { type: 'deposit', id: key };
    const ch = contentHash({ reason: 'DEPOSIT', correlation, postings: ps });
    entries.push(`${id}\t${key}\tDEPOSIT\tdeposit\t${key}\t{}\t${ch}\t${at}\n`);
    deposits.push(`${randomUUID()}\t${userId}\t100\tbench\t${key}\tpay_${id}\tSUCCESS\tbench\t${id}\t${at}\t${at}\n`);
    for (const p of ps) {
      const h = heads.get(p.account);
      const seq = h.seq + 1n;
      const hash = postingHash(hmacKey, { prevHash: h.head, entryId: id, account: p.account, amount: p.amount, seq, idempotencyKey: key, contentHash: ch });
      postings.push(`${id}\t${p.account}\t${p.amount}\t${seq}\t${h.head}\t${hash}\t${at}\n`);
      h.prev = h.head;
      h.head = hash;
      h.seq = seq;
      h.balance += p.amount;
    }
  }
  await copyFrom(url, 'journal_entries', 'id, idempotency_key, reason, correlation_type, correlation_id, metadata, content_hash, created_at', entries);
  entries.length = 0;
  await copyFrom(url, 'postings', 'entry_id, account, amount, seq, prev_hash, hash, created_at', postings);
  postings.length = 0;
  await copyFrom(url, 'deposits', 'id, user_id, amount, provider, order_id, payment_id, status, confirmed_by, entry_id, created_at, updated_at', deposits);
  deposits.length = 0;
  for (const [account, h] of heads) {
    await ds.query(
      `INSERT INTO account_balances (account, kind, balance, version, head_hash, prev_hash, updated_at) VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (account) DO UPDATE SET balance = account_balances.balance + excluded.balance, version = excluded.version,
         head_hash = excluded.head_hash, prev_hash = excluded.prev_hash`,
      [account, account === wallet ? 'user_wallet' : 'world', String(h.balance), String(h.seq), h.head, h.prev],
    );
  }
}

export async function main() {
  ensureBuilt();
  const size = benchSize();
  const big = size === 'small' ? 500 : 1_000_000;
  const perRound = size === 'small' ? 20 : 400;
  const rounds = size === 'small' ? 1 : 5;
  const db = await createBenchDb('balance');
  let app;
  let api;
  try {
    app = await createContext(db);
    const { DataSource } = await import('typeorm');
    const ds = app.get(DataSource);
    const { LedgerService } = await dist('modules/wallet/infrastructure/ledger.service.js');
    const { depositEntry } = await dist('modules/wallet/domain/entries.js');
    const { TokenService } = await dist('common/auth/token.service.js');
    const users = [randomUUID(), randomUUID()];
    await ds.query(
      `INSERT INTO users (id, email, full_name, role, is_email_verified) SELECT u, u::text || '@bench.local', 'Bench', 'USER', true FROM unnest($1::uuid[]) u`,
      [users],
    );
    const t0 = performance.now();
    const { AppConfig } = await dist('config/app-config.js');
    await bulkHistory(ds, db.url, users[1], big, app.get(AppConfig).ledgerHmacKey);
    const seedSeconds = (performance.now() - t0) / 1000;
    const ledger = app.get(LedgerService);
    for (let i = 0; i < 10; i++)
      await ledger.post(
        depositEntry({ userId: users[0], orderId: `order_small_${i}`, paymentId: `pay_${i}`, amount: 100n, provider: 'sandbox', via: 'bench' }),
      );
    // the big wallet also gets a few through the normal writer: the chain continues from the bulk history
    for (let i = 0; i < 3; i++)
      await ledger.post(depositEntry({ userId: users[1], orderId: `order_big_${i}`, paymentId: `pay_b${i}`, amount: 100n, provider: 'sandbox', via: 'bench' }));
    await recordBenchDeposits(ds); // the paid orders behind every deposit entry (VerifyLedgerQuery reconciles them)
    const tokens = users.map((id) => app.get(TokenService).sign({ id, email: `${id}@bench.local`, role: 'USER' }));
    const [{ n: bigPostings }] = await ds.query(`SELECT version::int AS n FROM account_balances WHERE account = $1`, [`user:${users[1]}:wallet`]);
    await ds.query('ANALYZE');
    await app.close();
    app = undefined;

    api = await startApi(db);
    const req = (t) => Array.from({ length: perRound }, () => ({ path: '/api/v1/wallet/balance', headers: { authorization: `Bearer ${t}` } }));
    if (size !== 'small') await httpLoad({ port: api.port, requests: [...req(tokens[0]), ...req(tokens[1])].slice(0, 200), connections: 1 }); // warm-up
    const small = [];
    const large = [];
    let bodies = [];
    for (let r = 0; r < rounds; r++) {
      const a = await httpLoad({ port: api.port, requests: req(tokens[0]), connections: 1, keepBodies: r === 0 });
      const b = await httpLoad({ port: api.port, requests: req(tokens[1]), connections: 1, keepBodies: r === 0 });
      small.push(...a.latencies);
      large.push(...b.latencies);
      if (r === 0) bodies = [a.bodies[0], b.bodies[0], ...a.statuses, ...b.statuses];
    }
    await stopProcess(api);
    api = undefined;
    small.sort((x, y) => x - y);
    large.sort((x, y) => x - y);
    const p50s = percentile(small, 50);
    const p50l = percentile(large, 50);
    const ratio = p50l / p50s;

    app = await createContext(db);
    const { QueryBus } = await import('@nestjs/cqrs');
    const { VerifyLedgerQuery } = await dist('modules/wallet/queries/verify-ledger/verify-ledger.query.js');
    const verification = await app.get(QueryBus).execute(new VerifyLedgerQuery());
    const smallBody = JSON.parse(bodies[0]);
    const bigBody = JSON.parse(bodies[1]);
    return report(
      'balance-read',
      [
        {
          figure: `GET /wallet/balance p50, wallet with ${fmt(bigPostings, 0)} postings`,
          value: `${fmt(p50l, 2)} ms`,
          baseline: `10 postings: ${fmt(p50s, 2)} ms`,
          ratio: `${fmt(ratio, 2)}x`,
          target: '<= 1.2x',
          pass: ratio <= 1.2,
        },
        {
          figure: 'p99 (big / small wallet)',
          value: `${fmt(percentile(large, 99), 2)} ms`,
          baseline: `${fmt(percentile(small, 99), 2)} ms`,
          ratio: '',
          target: '(not judged)',
          pass: null,
        },
        { figure: `bulk history load (COPY, hash-chained)`, value: `${fmt(seedSeconds, 1)} s`, target: '(setup)', pass: null },
      ],
      {
        size,
        checks: [
          { name: 'every request answered 200', ok: bodies.slice(2).every((s) => s === 200) },
          {
            name: 'balances answered from the projection are exact',
            ok: smallBody.data?.balance === 10 && bigBody.data?.balance === (big + 3) / 1,
            detail: `${smallBody.data?.balance} / ${bigBody.data?.balance}`,
          },
          { name: 'VerifyLedgerQuery ok over the bulk-loaded history', ok: verification.ok, detail: verification.problems.slice(0, 3).join('; ') },
        ],
      },
    );
  } finally {
    await stopProcess(api);
    await app?.close();
    await db.drop();
    await cleanRedis(db.prefix);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) runMain(main);
