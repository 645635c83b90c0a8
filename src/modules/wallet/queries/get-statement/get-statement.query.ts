import { Query } from '@nestjs/cqrs';

/**
 * The statement of IST dates startDate..endDate (at most STATEMENT_MAX_DAYS) as CSV: the opening balance (every posting
 * before the period), each posting in ledger order with its running balance, the closing balance. Integer paise throughout.
 */
export class GetStatementQuery extends Query<{ filename: string; csv: string }> {
  constructor(
    readonly userId: string,
    readonly q: { startDate?: string; endDate?: string },
  ) {
    super();
  }
}
