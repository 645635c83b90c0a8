import type { INestApplicationContext } from '@nestjs/common';
import { grantRoleCommand } from './modules/identity/identity.cli.js';
import { WALLET_CLI_COMMANDS } from './modules/wallet/wallet.cli.js';
import { settleCli } from './modules/settlement/settlement.cli.js';

export interface CliCommand {
  name: string;
  usage: string;
  description: string;
  /** Returns the process exit code. */
  run(app: INestApplicationContext, args: string[]): Promise<number>;
}

/** Each module adds its operator commands here (grant-role, ledger:verify, ledger:rebuild, settle). */
export const CLI_COMMANDS: CliCommand[] = [grantRoleCommand, ...WALLET_CLI_COMMANDS, settleCli];
