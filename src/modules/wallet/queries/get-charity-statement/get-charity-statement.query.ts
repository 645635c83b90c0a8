import { Query } from '@nestjs/cqrs';
import type { CharityStatement } from '../../domain/charity-statement.js';

export interface CharityStatementResult {
  month: string;
  charities: CharityStatement[];
  /** paise donated to all charities over the month */
  total: bigint;
  csv: string;
}

/**
 * Pledge-mode donations of a month (YYYY-MM, by settlement date) per charity and day, read from the ledger (what was
 * actually posted to each `charity:{id}`), for the operator to remit. An invalid month: LEDGER.INVALID_MONTH (400).
 */
export class GetCharityStatementQuery extends Query<CharityStatementResult> {
  constructor(readonly month: string) {
    super();
  }
}
