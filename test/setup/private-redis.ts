import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Redis server of the test's own on a free port, which the test may stop and start again. */
export class PrivateRedis {
  private proc: ChildProcess | null = null;
  /** persistent: an append-only file fsynced on every write, so a restart (even a SIGKILL) keeps every queued job, as a production Redis with AOF would. */
  constructor(
    readonly port: number,
    private readonly persistDir: string | null = null,
  ) {}

  static async create(opts: { persistent?: boolean } = {}): Promise<PrivateRedis> {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const r = new PrivateRedis(port, opts.persistent ? mkdtempSync(join(tmpdir(), 'wakestake-redis-')) : null);
    await r.start();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.proc && this.proc.exitCode === null) return;
    const persistence = this.persistDir
      ? ['--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.persistDir]
      : ['--save', '', '--appendonly', 'no'];
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', ...persistence], { stdio: 'ignore' });
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      if (
        await new Promise<boolean>((res) =>
          net
            .connect(this.port, '127.0.0.1')
            .once('connect', function (this: net.Socket) {
              this.destroy();
              res(true);
            })
            .once('error', () => res(false)),
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  }

  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise((res) => {
      p.once('exit', res);
      p.kill('SIGKILL');
    });
  }
}
