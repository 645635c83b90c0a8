import type { INestApplicationContext } from '@nestjs/common';

/** An operator command of `npm run cli` (each module defines its own; src/cli-commands.ts lists them). */
export interface CliCommand {
  name: string;
  usage: string;
  description: string;
  /** Returns the process exit code. */
  run(app: INestApplicationContext, args: string[]): Promise<number>;
}
