import 'reflect-metadata';
import { loadConfigOrExit } from './config/app-config.js';
import { createWorker } from './bootstrap.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await createWorker(config);
  process.stdout.write('WakeStake worker started\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`WakeStake worker failed to start: ${(err as Error)?.message ?? err}\n`);
  process.exit(1);
});
