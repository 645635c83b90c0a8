import { Paise } from './money.js';

/** A CSV cell: text, a plain number or flag, or an amount in paise (written as rupees with two decimals). */
export type CsvValue = string | number | boolean | Paise | null;

/**
 * One CSV cell (RFC 4180 quoting). Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe; an amount is digits only, so it stays a number a spreadsheet can add up.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'bigint') return rupeesText(value);
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? quoted(text) : text;
}

/** The same cell, always in quotes (bank bulk-payment files expect every cell quoted). */
export function csvQuotedCell(value: CsvValue): string {
  const cell = csvCell(value);
  return cell.startsWith('"') ? cell : quoted(cell);
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Rows as a CSV document (CRLF line ends), with the UTF-8 byte-order mark spreadsheets need to read ₹ and names right. */
export function csvDocument(rows: CsvValue[][]): string {
  return '\ufeff' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Paise as "1234.50" / "-25.00": exact, no float on the way. */
export function rupeesText(paise: Paise): string {
  const abs = paise < 0n ? -paise : paise;
  return `${paise < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
