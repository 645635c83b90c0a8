// Shared helpers of the benchmarks: a database of their own, a BullMQ prefix of their own, Nest contexts from dist/,
// pgbench, child processes, percentiles and the result table. Every benchmark measures its baseline in the same run.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, appendFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir, cpus, totalmem } from 'node:os';
import pg from 'pg';
import { NODE_ARGS } from '../scripts/lib.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = resolve(ROOT, 'dist/src');
export const dist = (p) => import(resolve(DIST, p));

/** small = the smoke size used by npm test (no timing targets are judged); full = also the optional 1M runs. */
export function benchSize() {
  const argv = process.argv.slice(2);
  if (argv.includes('--small') || process.env.BENCH_SIZE === 'small') return 'small';
  if (argv.includes('--full') || process.env.BENCH_FULL === '1') return 'full';
  return 'normal';
}

export function ensureBuilt() {
  if (!existsSync(resolve(DIST, 'main.js'))) throw new Error('dist/ is missing: run `npm run build:server` first');
}

export function adminUrl() {
  return process.env.BENCH_ADMIN_DATABASE_URL ?? process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * docs/scaling.md's checkpoint and WAL settings for the settlement window (those a reload applies; shared_buffers needs a
 * restart and stays as it is). Opt-in with BENCH_PG_TUNE=1: they change the whole server, so they are set with
 * ALTER SYSTEM for the duration of `fn` only and reset afterwards (also on Ctrl-C). Answers [fn's result, a note].
 */
export const WINDOW_SETTINGS = { max_wal_size: '16GB', checkpoint_timeout: '15min', wal_compression: 'lz4' };
export async function withWindowSettings(fn) {
  if (process.env.BENCH_PG_TUNE !== '1') return [await fn(), 'stock PostgreSQL settings'];
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  const names = Object.keys(WINDOW_SETTINGS);
  const reset = async () => {
    for (const n of names) await c.query(`ALTER SYSTEM RESET ${n}`);
    await c.query('SELECT pg_reload_conf()');
  };
  const onSignal = () => reset().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  try {
    for (const [n, v] of Object.entries(WINDOW_SETTINGS)) await c.query(`ALTER SYSTEM SET ${n} = '${v}'`);
    await c.query('SELECT pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 500));
    const shown = [];
    for (const n of names) shown.push(`${n} ${(await c.query(`SHOW ${n}`)).rows[0][n]}`);
    return [await fn(), `PostgreSQL for the settlement window: ${shown.join(', ')}`];
  } finally {
    process.off('SIGINT', onSignal);
    await reset();
    await c.end();
  }
}

/** CREATE DATABASE bench_<tag>_<ts>, migrated with the project's own runMigrations; drop() removes it. */
export async function createBenchDb(tag) {
  const admin = adminUrl();
  const name = `bench_${tag}_${Date.now().toString(36)}_${process.pid}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const url = u.toString();
  const { runMigrations } = await dist('database/migrate.js');
  await runMigrations(url);
  const prefix = `wakestake-bench-${name}`;
  return {
    name,
    url,
    prefix,
    async drop() {
      const a = new pg.Client({ connectionString: admin });
      await a.connect();
      await a.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
      await a.query(`DROP DATABASE IF EXISTS ${name}`);
      await a.end();
    },
  };
}

/** The environment of an api / worker / context run against the bench database. */
export function benchEnv(db, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    BULLMQ_PREFIX: db.prefix,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef',
    TEST_MODE: 'true',
    AUTH_RATE_LIMIT: '1000000',
    AUTH_RATE_LIMIT_IP: '1000000',
    ...extra,
  };
}

/** A Nest application context of the whole api module from dist (no HTTP), on the bench database. */
export async function createContext(db, extraEnv = {}) {
  Object.assign(process.env, benchEnv(db, extraEnv));
  await import('reflect-metadata');
  const { NestFactory } = await import('@nestjs/core');
  const { loadConfig } = await dist('config/app-config.js');
  const { AppModule } = await dist('app.module.js');
  const config = loadConfig(process.env);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: ['error'] });
  return app;
}

/** Removes the BullMQ keys of a bench prefix. */
export async function cleanRedis(prefix) {
  const { default: Redis } = await import('ioredis');
  const r = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length) await r.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  r.disconnect();
}

export function pgbenchPath() {
  for (const p of [
    '/usr/bin/pgbench',
    ...(() => {
      try {
        return execFileSync('sh', ['-c', 'ls /usr/lib/postgresql/*/bin/pgbench'], { encoding: 'utf8' }).trim().split('\n');
      } catch {
        return [];
      }
    })(),
  ]) {
    if (p && existsSync(p)) return p;
  }
  throw new Error('pgbench not found (apt-get install postgresql-contrib)');
}

/**
 * Runs pgbench with a custom script file; answers transactions per second (excluding connection time) and the latency
 * p50/p99 in ms of a sample of its transactions (`-l --sampling-rate`, logged in a temporary directory).
 */
export async function pgbench(url, script, { clients = 2, seconds = 5, sampling = 0.2 } = {}) {
  const dir = await mkdtemp(resolve(tmpdir(), 'bench-'));
  const file = resolve(dir, 'script.sql');
  await writeFile(file, script);
  try {
    const out = await run(
      pgbenchPath(),
      ['-n', '-M', 'prepared', '-c', String(clients), '-j', String(clients), '-T', String(seconds), '-l', `--sampling-rate=${sampling}`, '-f', file, url],
      { cwd: dir },
    );
    const m = /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out);
    if (!m) throw new Error(`pgbench output not understood:\n${out}`);
    const latencies = [];
    for (const f of await readdir(dir)) {
      if (!f.startsWith('pgbench_log.')) continue;
      // client_id transaction_no time(µs) script_no time_epoch time_us
      for (const line of (await readFile(resolve(dir, f), 'utf8')).split('\n')) if (line) latencies.push(Number(line.split(' ')[2]) / 1000);
    }
    latencies.sort((x, y) => x - y);
    return { tps: Number(m[1]), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolveP, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolveP(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/** Starts a long-running node process; resolves once a line of its output matches `ready`. */
export function startProcess(script, env, ready, { timeoutMs = 60_000, args = [] } = {}) {
  return new Promise((resolveP, reject) => {
    const p = spawn(process.execPath, [...args, script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start in ${timeoutMs} ms:\n${out.slice(-4000)}`)), timeoutMs);
    const onData = (d) => {
      out += d;
      if (ready.test(out)) {
        clearTimeout(timer);
        resolveP(p);
      }
    };
    p.stdout.on('data', onData);
    // BENCH_PROCESS_LOG=file: append the spawned api's / worker's output there (with BENCH_LOG_LEVEL=info, say)
    if (process.env.BENCH_PROCESS_LOG) p.stdout.on('data', (d) => appendFileSync(process.env.BENCH_PROCESS_LOG, d));
    p.stderr.on('data', (d) => {
      out += d;
      if (process.env.BENCH_VERBOSE) process.stderr.write(d);
    });
    p.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited ${code}:\n${out.slice(-4000)}`));
    });
    p.output = () => out;
  });
}

export async function stopProcess(p) {
  if (!p || p.exitCode !== null) return;
  const done = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  const t = setTimeout(() => p.kill('SIGKILL'), 10_000);
  await done;
  clearTimeout(t);
}

/** Peak resident set (VmHWM, kB) of a process, from /proc. */
export function peakRssKb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms, user + system) used so far by a process, or by PostgreSQL when `pid` is 'postgres': its live server
 * processes, plus what the postmaster has collected from the ones that exited (pgbench's connections end with it).
 */
export function cpuMs(pid) {
  const fields = (p) => {
    try {
      return readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
    } catch {
      return null;
    }
  };
  const cmdline = (p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  };
  const own = (f) => (f ? Number(f[11]) + Number(f[12]) : 0);
  let ticks = 0;
  if (pid !== 'postgres') ticks = own(fields(pid));
  else
    for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const c = cmdline(p);
      if (c.startsWith('postgres')) ticks += own(fields(p));
      else if (/(^|\/)postgres\0/.test(c)) {
        const f = fields(p); // the postmaster: its own time and its exited children's
        ticks += f ? own(f) + Number(f[13]) + Number(f[14]) : 0;
      }
    }
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const fmt = (n, d = 1) =>
  typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: 0 }) : String(n);

export function machine() {
  return `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
}

/**
 * Prints a benchmark's table. rows: { figure, value, baseline, ratio, target, margin, pass } (pass: true/false/null = not
 * judged; margin: how far the ratio is from its target, e.g. `+12.3 points`).
 * In small (smoke) runs targets are shown but not judged. Also appends JSON to BENCH_RESULTS when set (used by run.mjs).
 */
export function report(bench, rows, { checks = [], size = benchSize() } = {}) {
  const judged = size !== 'small';
  const table = [['figure', 'value', 'baseline (same run)', 'ratio', 'target', 'margin', 'result']];
  for (const r of rows) {
    table.push([
      r.figure,
      r.value ?? '',
      r.baseline ?? '',
      r.ratio ?? '',
      r.target ?? '',
      r.margin ?? '',
      !judged || r.pass == null ? '-' : r.pass ? 'PASS' : 'FAIL',
    ]);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
  const line = (row) => '| ' + row.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |';
  console.log(`\n## ${bench} (${size})`);
  console.log(line(table[0]));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of table.slice(1)) console.log(line(row));
  for (const c of checks) console.log(`correctness: ${c.ok ? 'OK' : 'FAILED'} - ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
  const allChecks = checks.every((c) => c.ok);
  const allTargets = !judged || rows.every((r) => r.pass !== false);
  if (process.env.BENCH_RESULTS) appendFileSync(process.env.BENCH_RESULTS, JSON.stringify({ bench, size, rows, checks, allChecks, allTargets }) + '\n');
  console.log(`${bench}: checks ${allChecks ? 'OK' : 'FAILED'}, targets ${judged ? (allTargets ? 'PASS' : 'FAIL') : 'not judged (small)'}`);
  return allChecks && allTargets;
}

/** Runs main() and exits with 1 when it throws or answers false. */
export function runMain(main) {
  main().then(
    (ok) => process.exit(ok === false ? 1 : 0),
    (e) => {
      console.error(e?.stack ?? e);
      process.exit(1);
    },
  );
}

/** A free TCP port on loopback. */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((resolveP, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolveP(port));
    });
    s.on('error', reject);
  });
}

/**
 * Sends requests over `connections` keep-alive connections (one request in flight per connection), as fast as they
 * answer. requests: array of { method, path, headers, body }. Answers { latencies (ms, sorted), byRequest (ms, in the
 * requests' order), statuses, bodies?, seconds, rps }.
 */
export async function httpLoad({ port, requests, connections = 1, keepBodies = false }) {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const latencies = new Array(requests.length);
  const statuses = new Array(requests.length);
  const bodies = keepBodies ? new Array(requests.length) : null;
  let next = 0;
  const one = (r) =>
    new Promise((resolveP, reject) => {
      // a string or Buffer is sent as it is (with the request's own content-type, e.g. a multipart form), else as JSON
      const body = r.body === undefined ? undefined : typeof r.body === 'string' || Buffer.isBuffer(r.body) ? r.body : JSON.stringify(r.body);
      const headers = { ...(r.headers ?? {}) };
      if (body !== undefined) {
        headers['content-type'] ??= 'application/json';
        headers['content-length'] = Buffer.byteLength(body);
      }
      const req = http.request({ host: '127.0.0.1', port, method: r.method ?? 'GET', path: r.path, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () => resolveP({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, requests.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= requests.length) return;
        const s = performance.now();
        const res = await one(requests[i]);
        latencies[i] = performance.now() - s;
        statuses[i] = res.status;
        if (bodies) bodies[i] = res.body;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { latencies: [...latencies].sort((a, b) => a - b), byRequest: latencies, statuses, bodies, seconds, rps: requests.length / seconds };
}

/** Starts the real api (node dist/src/main.js) on a free port against the bench database. */
export async function startApi(db, extraEnv = {}) {
  const port = await freePort();
  // the api's own flags, as npm start gives them, then BENCH_API_ARGS (e.g. --cpu-prof)
  const args = [...NODE_ARGS.api, ...(process.env.BENCH_API_ARGS ?? '').split(' ').filter(Boolean)];
  const p = await startProcess('dist/src/main.js', benchEnv(db, { PORT: String(port), HOST: '127.0.0.1', ...extraEnv }), /listening on/, { args });
  p.port = port;
  return p;
}

/**
 * BENCH_WAL=1: where a run's WAL goes. pg_stat_wal's totals over the run, and every BENCH_WAL_EVERY seconds (default
 * 15) a `windowMs` slice of the WAL read back with pg_walinspect (blocks referenced and full-page images per relation;
 * reading it costs the server CPU, so the run is slower). Needs a superuser; answers { stop(): Promise<string> } (the
 * report), or null when off.
 */
export async function walSampler(dbUrl, { everyMs = Number(process.env.BENCH_WAL_EVERY ?? 15) * 1000, windowMs = 1_500 } = {}) {
  if (process.env.BENCH_WAL !== '1') return null;
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
  const stat = async () =>
    (
      await c.query(
        `SELECT wal_bytes::bigint AS bytes, wal_fpi AS fpi, (SELECT checkpoints_req + checkpoints_timed FROM pg_stat_bgwriter) AS ckpt FROM pg_stat_wal`,
      )
    ).rows[0];
  const before = await stat();
  const rels = new Map();
  let stopped = false;
  let slices = 0;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, everyMs));
      if (stopped) break;
      const [{ lsn: a }] = (await c.query('SELECT pg_current_wal_flush_lsn() AS lsn')).rows;
      await new Promise((r) => setTimeout(r, windowMs));
      const [{ lsn: b }] = (await c.query('SELECT pg_current_wal_flush_lsn() AS lsn')).rows;
      const { rows } = await c
        .query(
          `SELECT coalesce(k.relname, m[1]) AS rel, count(*)::int AS refs, count(m[2])::int AS fpw
           FROM pg_get_wal_records_info($1, $2) r
           CROSS JOIN LATERAL regexp_matches(r.block_ref, 'rel \\d+/\\d+/(\\d+)(?: fork \\w+)? blk \\d+( \\(FPW)?', 'g') m
           LEFT JOIN pg_class k ON k.relfilenode = m[1]::oid
          WHERE r.block_ref IS NOT NULL GROUP BY 1`,
          [a, b],
        )
        .catch((e) => (console.error(`[wal] ${e.message}`), { rows: [] }));
      slices++;
      for (const r of rows) {
        const t = rels.get(r.rel) ?? { refs: 0, fpw: 0 };
        t.refs += r.refs;
        t.fpw += r.fpw;
        rels.set(r.rel, t);
      }
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const after = await stat();
      await c.end();
      const top = [...rels.entries()].sort((x, y) => y[1].fpw - x[1].fpw).slice(0, 16);
      return [
        `WAL ${((Number(after.bytes) - Number(before.bytes)) / 2 ** 30).toFixed(2)} GiB, full-page images ${Number(after.fpi) - Number(before.fpi)}, checkpoints ${Number(after.ckpt) - Number(before.ckpt)}`,
        `${slices} slices of ${windowMs} ms, blocks referenced / full-page images by relation:`,
        ...top.map(([rel, t]) => `  ${rel.padEnd(40)} ${String(t.refs).padStart(9)} ${String(t.fpw).padStart(9)}`),
      ].join('\n');
    },
  };
}

/**
 * The provider records of the DEPOSIT entries a bench wrote straight through the ledger (one order per entry, provider
 * `bench`), so VerifyLedgerQuery's reconciliation finds a paid order behind each; the app's deposits write these itself.
 */
export async function recordBenchDeposits(ds) {
  // Fresh statistics first: right after a bulk load the planner believes the tables empty and may join 1,000,000
  // postings by nested sequential scans (the balance-read seed ran for over 15 minutes without them). Orders already
  // recorded are skipped by the unique order id, not by an anti-join on deposits: planned while deposits is empty, that
  // join rescanned the rows this very statement was inserting, once per entry (a ledger-write run hung for minutes).
  await ds.query('ANALYZE journal_entries, postings, deposits');
  await ds.query(
    `INSERT INTO deposits (id, user_id, amount, provider, order_id, payment_id, status, confirmed_by, entry_id, created_at, updated_at)
     SELECT gen_random_uuid(), substring(p.account from 6 for 36)::uuid, p.amount, 'bench', j.correlation_id, 'pay_' || j.id, 'SUCCESS', 'bench', j.id, j.created_at, j.created_at
       FROM journal_entries j JOIN postings p ON p.entry_id = j.id AND p.account LIKE 'user:%:wallet'
      WHERE j.reason = 'DEPOSIT'
     ON CONFLICT (order_id) DO NOTHING`,
  );
}
