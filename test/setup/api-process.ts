import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { childEnv } from './child-env.js';
import { freePort } from './loopback.js';

const ROOT = resolve(__dirname, '..', '..');
export const API_ENTRY = resolve(ROOT, 'dist', 'src', 'main.js');

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** SIGTERM and wait for exit (SIGKILL after 10 s). */
  stop: () => Promise<void>;
}

/**
 * Spawns the compiled api (`node dist/src/main.js`; build first with `npx tsc -p tsconfig.build.json`) on a free
 * loopback port, on the given database, Redis and BullMQ prefix; resolves once it is listening.
 */
export async function startApiProcess(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<ApiProcess> {
  if (!existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} is missing: build first (npx tsc -p tsconfig.build.json)`);
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [API_ENTRY], {
    cwd: ROOT,
    env: childEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never left running behind a failed start
      fail(new Error(`api did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.stdout!.on('data', () => {
      if (out.includes('listening on')) {
        clearTimeout(timer);
        ok();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`api exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
