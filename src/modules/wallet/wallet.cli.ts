import type { INestApplicationContext } from '@nestjs/common';
import type { CliCommand } from '../../common/cli-command.js';
import { LedgerAuditService } from './infrastructure/ledger-audit.service.js';
import { charityStatementCommand } from './charity-statement.cli.js';

/** `npm run cli -- ledger:verify`: exit 1 naming the first account whose projection, fold or chain is wrong. */
export const ledgerVerifyCommand: CliCommand = {
  name: 'ledger:verify',
  usage: 'ledger:verify',
  description:
    'prove projections = fold of the journal, the journal sums to zero, the keyed hash chains hold and deposits/withdrawals match their provider records',
  async run(app: INestApplicationContext): Promise<number> {
    const result = await app.get(LedgerAuditService).verify();
    if (result.ok) {
      process.stdout.write(`ledger OK: ${result.entries} entries, ${result.accounts} accounts, journal sum ${result.journalSum}\n`);
      return 0;
    }
    process.stderr.write(`ledger verification FAILED: ${result.problems[0]}\n`);
    for (const p of result.problems.slice(1)) process.stderr.write(`  also: ${p}\n`);
    return 1;
  },
};

/** `npm run cli -- ledger:rebuild`: recompute every projection row from the journal. */
export const ledgerRebuildCommand: CliCommand = {
  name: 'ledger:rebuild',
  usage: 'ledger:rebuild',
  description: 'rebuild every account balance projection from the journal',
  async run(app: INestApplicationContext): Promise<number> {
    const { accounts, changed } = await app.get(LedgerAuditService).rebuild();
    process.stdout.write(`rebuilt ${accounts} accounts from the journal; ${changed.length} changed${changed.length ? `: ${changed.join(', ')}` : ''}\n`);
    return 0;
  },
};

export const WALLET_CLI_COMMANDS: CliCommand[] = [ledgerVerifyCommand, ledgerRebuildCommand, charityStatementCommand];
