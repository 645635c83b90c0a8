import { csvCell } from '../../../common/csv.js';
/** The monthly statement of pledge-mode donations per charity, pure: rows → totals and CSV (amounts in paise). */
export interface StatementDay {
  date: string;
  challenges: number;
  amount: bigint;
}

export interface CharityStatement {
  charityId: string;
  name: string;
  days: StatementDay[];
  challenges: number;
  amount: bigint;
}

/** YYYY-MM → [first day, first day of the next month) as YYYY-MM-DD, or null when malformed. */
export function monthRange(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** Groups (charity, date) rows per charity, in charity id then date order; names from the operator's list (else the id). */
export function statementOf(
  rows: readonly { charityId: string; date: string; challenges: number; amount: bigint }[],
  names: ReadonlyMap<string, string>,
): CharityStatement[] {
  const by = new Map<string, CharityStatement>();
  for (const r of [...rows].sort((a, b) => (a.charityId === b.charityId ? (a.date < b.date ? -1 : 1) : a.charityId < b.charityId ? -1 : 1))) {
    const s = by.get(r.charityId) ?? { charityId: r.charityId, name: names.get(r.charityId) ?? r.charityId, days: [], challenges: 0, amount: 0n };
    s.days.push({ date: r.date, challenges: r.challenges, amount: r.amount });
    s.challenges += r.challenges;
    s.amount += r.amount;
    by.set(r.charityId, s);
  }
  return [...by.values()];
}

const rupees = (p: bigint): string => `${p < 0n ? '-' : ''}${(p < 0n ? -p : p) / 100n}.${String((p < 0n ? -p : p) % 100n).padStart(2, '0')}`;
const cell = (v: string): string => csvCell(v); // formula-safe: a charity name starting with = is text, never run

/** CSV: one row per charity and settlement date, then a TOTAL row per charity; amounts in rupees with 2 decimals. */
export function statementCsv(month: string, charities: readonly CharityStatement[]): string {
  const out = ['month,charity_id,charity_name,date,challenges,amount_inr'];
  for (const c of charities) {
    for (const d of c.days) out.push([month, c.charityId, c.name, d.date, String(d.challenges), rupees(d.amount)].map(cell).join(','));
    out.push([month, c.charityId, c.name, 'TOTAL', String(c.challenges), rupees(c.amount)].map(cell).join(','));
  }
  return out.join('\n') + '\n';
}
