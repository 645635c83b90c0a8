import type { CliCommand } from './common/cli-command.js';
import { grantRoleCommand } from './modules/identity/identity.cli.js';
import { WALLET_CLI_COMMANDS } from './modules/wallet/wallet.cli.js';
import { settleCli } from './modules/settlement/settlement.cli.js';

export type { CliCommand };

/** Each module adds its operator commands here (grant-role, ledger:verify, ledger:rebuild, settle). */
export const CLI_COMMANDS: CliCommand[] = [grantRoleCommand, ...WALLET_CLI_COMMANDS, settleCli];
