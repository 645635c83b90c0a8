import { Get, Header, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { toRupees } from '../../common/money.js';
import { GetCharityStatementQuery } from '../wallet/queries/get-charity-statement/get-charity-statement.query.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console, POOL_MODE=pledge: what each charity is owed for a month, to remit (every call recorded in the access log). */
@SupportConsole('support/charities', 'generic')
export class SupportCharitiesController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('statement')
  @ApiOperation({ summary: "The month's pledge-mode donations per charity and settlement date (rupees), with the same CSV" })
  async statement(@Query('month') month?: string) {
    const r = await this.queryBus.execute(new GetCharityStatementQuery(String(month ?? '')));
    return {
      success: true,
      data: {
        month: r.month,
        total: toRupees(r.total),
        charities: r.charities.map((c) => ({
          charityId: c.charityId,
          name: c.name,
          challenges: c.challenges,
          amount: toRupees(c.amount),
          days: c.days.map((d) => ({ date: d.date, challenges: d.challenges, amount: toRupees(d.amount) })),
        })),
        csv: r.csv,
      },
    };
  }

  @Get('statement.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="wakestake-charity-statement.csv"')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The same statement as CSV: month, charity_id, charity_name, date (or TOTAL), challenges, amount_inr' })
  async csv(@Query('month') month?: string) {
    return (await this.queryBus.execute(new GetCharityStatementQuery(String(month ?? '')))).csv;
  }
}
