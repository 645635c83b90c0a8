import 'reflect-metadata';
import { loadConfigOrExit } from './config/app-config.js';
import { createWorker } from './bootstrap.js';
import { WorkerHttpServer } from './observability/worker-http.js';

/**
 * How long a SIGTERM/SIGINT may take to close the worker before it exits anyway. Every job is safe to abandon (a
 * settlement resumes from its stored plan and cursors, payouts from their state), so a close that hangs (seen after a
 * Redis restart) must not keep a stopped worker alive.
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

function exitAfterDeadline(signal: NodeJS.Signals): void {
  setTimeout(() => {
    const open = process.getActiveResourcesInfo().join(', ');
    process.stderr.write(`WakeStake worker: ${signal} shutdown did not finish within ${SHUTDOWN_DEADLINE_MS} ms (open: ${open}); exiting\n`);
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await createWorker(config);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => exitAfterDeadline(signal));
  const port = app.get(WorkerHttpServer).port;
  process.stdout.write(`WakeStake worker started${port === null ? '' : ` (health and metrics on port ${port})`}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`WakeStake worker failed to start: ${(err as Error)?.message ?? err}\n`);
  process.exit(1);
});
