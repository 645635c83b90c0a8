import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from './config/app-config.js';
import { AppModule } from './app.module.js';
import { runMigrations } from './database/migrate.js';
import { CLI_COMMANDS } from './cli-commands.js';

/** `npm run cli -- <command> [args]`: operator commands over the same module tree. */
async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const command = CLI_COMMANDS.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`Usage: npm run cli -- <command>\n${CLI_COMMANDS.map((c) => `  ${c.usage}  ${c.description}`).join('\n')}\n`);
    process.exit(name ? 2 : 0);
  }
  const config = loadConfigOrExit();
  await runMigrations(config.databaseUrl);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...config, logLevel: 'warn' } as never), { logger: ['error', 'warn'] });
  let code = 0;
  try {
    code = await command.run(app, args);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    code = 1;
  } finally {
    await app.close();
  }
  process.exit(code);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error)?.message ?? err}\n`);
  process.exit(1);
});
