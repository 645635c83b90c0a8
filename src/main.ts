import 'reflect-metadata';
import { loadConfigOrExit } from './config/app-config.js';
import { createApi } from './bootstrap.js';
import { runMigrations } from './database/migrate.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await runMigrations(config.databaseUrl);
  const app = await createApi(config);
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`WakeStake api listening on http://localhost:${config.port}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`WakeStake api failed to start: ${(err as Error)?.message ?? err}\n`);
  process.exit(1);
});
