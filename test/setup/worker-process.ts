import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { childEnv } from './child-env.js';

const ROOT = resolve(__dirname, '..', '..');
export const WORKER_ENTRY = resolve(ROOT, 'dist', 'src', 'worker.js');

export interface WorkerProcess {
  child: ChildProcess;
  /** stdout + stderr so far (for a failing test's message) */
  output: () => string;
  /** SIGKILL: no shutdown hooks, no lock release, open transactions die with the connection. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for exit. */
  stop: () => Promise<void>;
}

/**
 * Spawns the compiled worker (`node dist/src/worker.js`; `npm test` builds first, by hand run
 * `npx tsc -p tsconfig.build.json`) on the run's database, Redis and BullMQ prefix; resolves once it has started.
 */
export async function startWorkerProcess(env: Record<string, string> = {}, timeoutMs = 30_000): Promise<WorkerProcess> {
  if (!existsSync(WORKER_ENTRY)) throw new Error(`${WORKER_ENTRY} is missing: build first (npx tsc -p tsconfig.build.json)`);
  let out = '';
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // never left running behind a failed start
      reject(new Error(`worker did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = () => {
      if (out.includes('WakeStake worker started')) {
        clearTimeout(timer);
        resolveStart();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code} before starting:\n${out}`));
    });
  });
  return {
    child,
    output: () => out,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
