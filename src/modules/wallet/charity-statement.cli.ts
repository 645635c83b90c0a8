import type { INestApplicationContext } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { CliCommand } from '../../common/cli-command.js';
import { monthRange } from './domain/charity-statement.js';
import { GetCharityStatementQuery } from './queries/get-charity-statement/get-charity-statement.query.js';

/** `npm run cli -- charity:statement <YYYY-MM>`: the month's pledge-mode donations per charity and date, as CSV on stdout. */
export const charityStatementCommand: CliCommand = {
  name: 'charity:statement',
  usage: 'charity:statement <YYYY-MM>',
  description: "print the month's donations per charity (date, challenges, amount) as CSV, for the operator to remit",
  async run(app: INestApplicationContext, args: string[]): Promise<number> {
    const month = args[0] ?? '';
    if (!monthRange(month)) {
      process.stderr.write(`Usage: npm run cli -- charity:statement <YYYY-MM> (got "${month}")\n`);
      return 2;
    }
    const r = await app.get(QueryBus).execute(new GetCharityStatementQuery(month));
    process.stdout.write(r.csv);
    return 0;
  },
};
