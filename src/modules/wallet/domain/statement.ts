import type { CsvValue } from '../../../common/csv.js';
import type { Paise } from '../../../common/money.js';

/** A wallet statement for a period of IST dates: opening balance, each posting with its running balance, closing balance. */

/** The longest period one statement covers, in days (a year, leap day included). */
export const STATEMENT_MAX_DAYS = 366;

/** How a person reads each transaction type (the client shows the same words). */
export const TYPE_LABELS: Record<string, string> = {
  DEPOSIT: 'Deposit',
  FORFEIT: 'Challenge stake',
  REFUND: 'Refund',
  WINNINGS: 'Winnings',
  WITHDRAWAL: 'Withdrawal',
  WITHDRAWAL_REVERSAL: 'Withdrawal reversal',
  ADJUSTMENT: 'Adjustment',
};

export interface StatementLine {
  /** IST wall clock of the posting. */
  date: string;
  time: string;
  type: string;
  description: string;
  reference: string;
  status: string;
  /** The wallet's posting in paise: positive credit, negative debit. */
  amount: Paise;
}

export const STATEMENT_COLUMNS = ['Date (IST)', 'Time (IST)', 'Type', 'Description', 'Reference', 'Status', 'Amount (INR)', 'Balance (INR)'];

/** The rows under the header: the opening balance, the lines oldest first, the closing balance = opening + every line. */
export function statementRows(period: { startDate: string; endDate: string }, opening: Paise, lines: StatementLine[]): { rows: CsvValue[][]; closing: Paise } {
  let balance = opening;
  const rows: CsvValue[][] = [[period.startDate, '00:00:00', 'Opening balance', null, null, null, null, opening]];
  for (const l of lines) {
    balance += l.amount;
    rows.push([l.date, l.time, TYPE_LABELS[l.type] ?? l.type, l.description, l.reference, l.status, l.amount, balance]);
  }
  rows.push([period.endDate, '23:59:59', 'Closing balance', null, null, null, null, balance]);
  return { rows, closing: balance };
}
