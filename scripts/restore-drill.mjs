#!/usr/bin/env node
// Restore drill: prove a backup restores and its ledger verifies.
//
//   node scripts/restore-drill.mjs                      # pg_dump DATABASE_URL, restore into a new database, ledger:verify, drop it
//   node scripts/restore-drill.mjs --dump backup.dump   # drill an existing pg_dump custom-format backup instead
//
// Options:
//   --source URL        database to dump (default: DATABASE_URL)
//   --dump FILE         restore this custom-format dump instead of taking one (the way to test real backups)
//   --target URL        a database on the server to restore onto, used to CREATE/DROP the drill database
//                       (default: the source server's `postgres` database)
//   --pg-bin DIR        where pg_dump/pg_restore live (also PG_BIN); the client must be >= the server's major version
//   --jobs N            pg_restore parallel jobs (default 1)
//   --keep              keep the drill database afterwards (its name is printed)
//   --tamper-projection corrupt one balance projection in the restored copy before verifying (proves verify catches it)
//   --json              print the figures as one JSON object on stdout instead of the report
//   --cli FILE          the compiled CLI to verify with (default dist/src/cli.js)
//
// The verify runs `node dist/src/cli.js ledger:verify` (build first: npm run build:server) with this process's
// environment and DATABASE_URL pointed at the restored copy. The ledger's hash chain is keyed (LEDGER_HMAC_KEY, or
// derived from JWT_SECRET): run the drill with the same secrets as the app that wrote the data.
//
// Exit status: 0 restored and verified; 1 restored but the ledger does not verify; 2 the drill could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

class DrillError extends Error {}

function parseArgs(argv) {
  const opts = { jobs: 1, keep: false, tamper: false, json: false };
  const value = (i, name) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new DrillError(`${name} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--source') opts.source = value(i++, a);
    else if (a === '--dump') opts.dump = value(i++, a);
    else if (a === '--target') opts.target = value(i++, a);
    else if (a === '--pg-bin') opts.pgBin = value(i++, a);
    else if (a === '--jobs') opts.jobs = Number(value(i++, a));
    else if (a === '--keep') opts.keep = true;
    else if (a === '--tamper-projection') opts.tamper = true;
    else if (a === '--json') opts.json = true;
    else if (a === '--cli') opts.cli = resolve(value(i++, a));
    else if (a === '--help' || a === '-h') opts.help = true;
    else throw new DrillError(`unknown option ${a} (see --help)`);
  }
  if (!Number.isInteger(opts.jobs) || opts.jobs < 1) throw new DrillError('--jobs must be a whole number >= 1');
  return opts;
}

const seconds = (t0) => Number(((performance.now() - t0) / 1000).toFixed(2));
const kB = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`);

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function pgTool(opts, tool) {
  const dir = opts.pgBin ?? process.env.PG_BIN;
  return dir ? join(dir, tool) : tool;
}

/** A URL for a pg_* command line without its password (which goes in PGPASSWORD, out of the process list). */
function forTool(url) {
  const u = new URL(url);
  const env = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env };
}

function run(cmd, args, env = process.env) {
  const res = spawnSync(cmd, args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  if (res.error) throw new DrillError(`${cmd} could not run: ${res.error.message}`);
  return res;
}

async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The CLI registers its queues (meta keys only) under the drill's own prefix: remove them afterwards. */
async function dropQueueKeys(prefix) {
  if (!prefix.endsWith('-restore-drill')) return;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // Best effort: a few queue meta keys left behind are harmless.
  } finally {
    redis.disconnect();
  }
}

async function tableCounts(url) {
  const wanted = ['journal_entries', 'postings', 'account_balances', 'users', 'challenges'];
  const present = (await query(url, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name = ANY($1)`, [wanted])).map(
    (r) => r.table_name,
  );
  const counts = {};
  for (const t of wanted.filter((w) => present.includes(w))) counts[t] = Number((await query(url, `SELECT count(*)::bigint AS n FROM ${t}`))[0].n);
  return counts;
}

async function drill(opts) {
  const figures = { ok: false };
  const t0 = performance.now();
  const source = opts.source ?? process.env.DATABASE_URL;
  if (!opts.dump && !source) throw new DrillError('no source: set DATABASE_URL, or pass --source URL or --dump FILE');
  const cli = opts.cli ?? join(root, 'dist', 'src', 'cli.js');
  if (!existsSync(cli)) throw new DrillError(`${cli} is missing: run npm run build:server first`);
  const adminUrl = opts.target ?? withDatabase(source ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');

  const work = mkdtempSync(join(tmpdir(), 'wakestake-drill-'));
  const baseName = (opts.dump ? 'backup' : new URL(source).pathname.slice(1) || 'wakestake').toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const drillName = `${baseName.slice(0, 40)}_drill_${Date.now().toString(36)}`;
  const drillUrl = withDatabase(adminUrl, drillName);
  let created = false;
  try {
    // 1. Dump (custom format: compressed, restorable table by table, in parallel).
    const dumpFile = opts.dump ? resolve(opts.dump) : join(work, 'source.dump');
    if (opts.dump) {
      if (!existsSync(dumpFile)) throw new DrillError(`${dumpFile} does not exist`);
      figures.dumpSeconds = null;
    } else {
      figures.source = new URL(source).pathname.slice(1);
      figures.serverVersion = (await query(source, 'SHOW server_version'))[0].server_version;
      const t = performance.now();
      const src = forTool(source);
      const res = run(pgTool(opts, 'pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpFile}`, `--dbname=${src.url}`], src.env);
      if (res.status !== 0) throw new DrillError(`pg_dump failed: ${res.stderr.trim()}`);
      figures.dumpSeconds = seconds(t);
    }
    figures.dumpFile = opts.dump ? dumpFile : null;
    figures.dumpBytes = statSync(dumpFile).size;

    // 2. A new, empty database, and the dump restored into it.
    await query(adminUrl, `CREATE DATABASE "${drillName}"`);
    created = true;
    figures.database = drillName;
    const t = performance.now();
    const dst = forTool(drillUrl);
    const restore = run(
      pgTool(opts, 'pg_restore'),
      ['--no-owner', '--no-privileges', '--exit-on-error', `--jobs=${opts.jobs}`, `--dbname=${dst.url}`, dumpFile],
      dst.env,
    );
    if (restore.status !== 0) throw new DrillError(`pg_restore failed: ${restore.stderr.trim()}`);
    figures.restoreSeconds = seconds(t);
    figures.rows = await tableCounts(drillUrl);
    if (figures.rows.journal_entries === undefined) throw new DrillError('the restored database has no journal_entries table: is this a WakeStake dump?');

    // 3. Optionally break the copy, to prove the verify notices.
    if (opts.tamper) {
      const rows = await query(
        drillUrl,
        `UPDATE account_balances SET balance = balance + 1
          WHERE account = (SELECT account FROM account_balances WHERE version > 0 ORDER BY account LIMIT 1) RETURNING account`,
      );
      if (rows.length === 0) throw new DrillError('--tamper-projection: the restored ledger has no account to tamper with');
      figures.tamperedAccount = rows[0].account;
    }

    // 4. The application's own verify against the copy (same secrets as the writer; queues under a prefix of its own).
    const prefix = `${process.env.BULLMQ_PREFIX || 'wakestake'}-restore-drill`;
    const tv = performance.now();
    const verify = run(process.execPath, [cli, 'ledger:verify'], { ...process.env, DATABASE_URL: drillUrl, BULLMQ_PREFIX: prefix, LOG_LEVEL: 'warn' });
    figures.verifySeconds = seconds(tv);
    await dropQueueKeys(prefix);
    const out = `${verify.stdout}${verify.stderr}`;
    const okLine = verify.stdout.split('\n').find((l) => l.startsWith('ledger OK'));
    figures.verifyOutput = out
      .trim()
      .split('\n')
      .filter((l) => /ledger|account|entry|also:/.test(l))
      .slice(0, 10);
    const entries = /(\d+) entries/.exec(okLine ?? '');
    figures.entriesVerified = entries ? Number(entries[1]) : null;
    const accounts = /(\d+) accounts/.exec(okLine ?? '');
    figures.accountsVerified = accounts ? Number(accounts[1]) : null;
    if (verify.status === 0 && okLine) figures.ok = true;
    else if (verify.status === 1 && /ledger verification FAILED/.test(out)) figures.ok = false;
    else throw new DrillError(`ledger:verify did not run (exit ${verify.status}): ${out.trim().split('\n').slice(-5).join(' | ')}`);
    return figures;
  } finally {
    if (created && !opts.keep) await query(adminUrl, `DROP DATABASE IF EXISTS "${drillName}" WITH (FORCE)`).catch(() => undefined);
    figures.kept = created && opts.keep;
    figures.totalSeconds = seconds(t0);
    rmSync(work, { recursive: true, force: true });
  }
}

function report(f) {
  const lines = ['restore drill'];
  if (f.source) lines.push(`  source    ${f.source} (PostgreSQL ${f.serverVersion})`);
  if (f.dumpSeconds !== null) lines.push(`  dump      ${kB(f.dumpBytes)} custom format in ${f.dumpSeconds} s`);
  else lines.push(`  dump      ${f.dumpFile} (${kB(f.dumpBytes)})`);
  lines.push(`  restore   into ${f.database} in ${f.restoreSeconds} s`);
  lines.push(
    `  rows      ${Object.entries(f.rows)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  if (f.tamperedAccount) lines.push(`  tampered  projection of ${f.tamperedAccount} (+1 paise), on purpose`);
  lines.push(`  verify    ${f.verifySeconds} s: ${f.verifyOutput.join(' | ')}`);
  lines.push(`  total     ${f.totalSeconds} s${f.kept ? ` (database ${f.database} kept)` : ', drill database dropped'}`);
  lines.push(f.ok ? `restore drill OK: ${f.entriesVerified} journal entries verified` : 'restore drill FAILED: the restored ledger does not verify');
  return lines.join('\n') + '\n';
}

try {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    const { readFileSync } = await import('node:fs');
    const head = readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('//'))
      .map((l) => l.slice(3));
    process.stdout.write(head.join('\n') + '\n');
    process.exit(0);
  }
  const figures = await drill(opts);
  process.stdout.write(opts.json ? JSON.stringify(figures) + '\n' : report(figures));
  process.exit(figures.ok ? 0 : 1);
} catch (e) {
  process.stderr.write(`restore drill could not run: ${e instanceof DrillError ? e.message : (e?.stack ?? e)}\n`);
  process.exit(2);
}
