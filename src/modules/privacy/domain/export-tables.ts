/** A user's data export as tables: the JSON document's sections, and one CSV file each. No Nest, no ORM. */

export type Cell = string | number | boolean | null;
export type Table = { columns: string[]; rows: Cell[][] };

/**
 * One CSV cell (RFC 4180 quoting). Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is
 * prefixed with an apostrophe, so opening one's own export never executes what someone typed into a name or a note.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

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
