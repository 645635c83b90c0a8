/** A user's data export as tables: the JSON document's sections, and one CSV file each. No Nest, no ORM. */

export type Cell = string | number | boolean | null;
export type Table = { columns: string[]; rows: Cell[][] };

/** One CSV cell, formula-safe: the one rule of `common/csv.ts`. */
export { csvCell } from '../../../common/csv.js';
import { csvCell } from '../../../common/csv.js';

export function toCsv(table: Table): string {
  return [table.columns, ...table.rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Objects with the same keys as a table (the first object's keys, in order). */
export function tableOf(records: Record<string, unknown>[], columns?: string[]): Table {
  const cols = columns ?? Object.keys(records[0] ?? {});
  return {
    columns: cols,
    rows: records.map((r) =>
      cols.map((c) => {
        const v = r[c];
        if (v === undefined || v === null) return null;
        if (v instanceof Date) return v.toISOString();
        if (Array.isArray(v)) return v.join('; ');
        if (typeof v === 'object') return JSON.stringify(v);
        return v as Cell;
      }),
    ),
  };
}
