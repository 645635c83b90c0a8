import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CliCommand } from '../../common/cli-command.js';
import { formatInr } from '../../common/money.js';
import { isValidDate } from '../../common/time.js';
import { SettleDateCommand } from './commands/settle-date/settle-date.command.js';

/** `npm run cli -- settle <YYYY-MM-DD>`: the same settlement the worker runs, now, printing the receipt totals. */
export const settleCli: CliCommand = {
  name: 'settle',
  usage: 'settle <YYYY-MM-DD>',
  description: 'settle a date now (idempotent) and print the receipt totals',
  async run(app: INestApplicationContext, args: string[]): Promise<number> {
    const date = args[0] ?? '';
    if (!isValidDate(date)) {
      process.stderr.write(`Usage: npm run cli -- settle <YYYY-MM-DD> (got "${date}")\n`);
      return 2;
    }
    const r = await app.get(CommandBus).execute(new SettleDateCommand(date));
    const out: string[] = [`Settlement ${r.date}: ${r.closed} missed challenge(s) closed, ${r.linesPaid} line(s) paid now`];
    if (r.batches.length === 0) out.push('  nothing to settle');
    for (const b of r.batches) {
      if (b.mode === 'pledge') {
        out.push(
          `  batch ${b.batch} ${b.status} (pledge mode): participants ${b.participants}, successes ${b.successes}, failures ${b.failures}`,
          `    money in ${formatInr(b.moneyIn)} = money out ${formatInr(b.moneyOut)}; donated to charities ${formatInr(b.donated ?? 0n)}, to the platform ${formatInr(b.platformRevenue)}`,
        );
        continue;
      }
      out.push(
        `  batch ${b.batch} ${b.status}: participants ${b.participants}, successes ${b.successes}, failures ${b.failures}`,
        `    money in ${formatInr(b.moneyIn)} = money out ${formatInr(b.moneyOut)}; pool ${formatInr(b.pool)}, shares ${formatInr(b.sharesTotal)} ` +
          `(rounding remainder ${b.roundingRemainder} paise), platform revenue ${formatInr(b.platformRevenue)}`,
      );
    }
    process.stdout.write(out.join('\n') + '\n');
    return r.batches.every((b) => b.status === 'SETTLED') ? 0 : 1;
  },
};
