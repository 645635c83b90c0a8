/** The progress charts: each morning of a year as one status, and wake-up target against check-in per week. Pure. */

export type MorningStatus = 'SUCCESS' | 'FAILED' | 'EXCUSED' | 'PENDING';

/** A stored challenge as the charts read it. */
export interface MorningRecord {
  date: string;
  wakeUpTime: string;
  status: 'PENDING' | 'COMPLETED' | 'PROCESSED' | 'CANCELLED';
  isSuccessful: boolean | null;
  /** excused by a wake shield or declared leave (a cancelled challenge with an excusal) */
  excused: boolean;
  /** a miss forgiven for an outage of ours */
  forgiven: boolean;
  /** the check-in as minutes from the challenge date's midnight (IST; may pass 24 h or go below 0) and its wall clock */
  checkIn: { minutes: number; time: string } | null;
}

export interface Morning {
  date: string;
  status: MorningStatus;
  wakeUpTime: string;
  /** IST wall clock HH:MM:SS */
  checkInTime: string | null;
  checkInMinutes: number | null;
}

export interface WeekPoint {
  /** the Monday the week starts on (it may fall in the year before) */
  weekStart: string;
  /** mean wake-up target, minutes after midnight, rounded */
  targetMinutes: number;
  /** mean check-in, minutes after midnight, rounded; null when no morning of the week was checked in */
  actualMinutes: number | null;
}

/** The earliest and latest year the charts answer for. */
export const PROGRESS_YEARS = { min: 2000, max: 2100 } as const;

/** `?year=` as sent: absent or empty is the current year; otherwise four digits within PROGRESS_YEARS, else null. */
export function progressYear(raw: unknown, currentYear: number): number | null {
  if (raw === undefined || raw === '') return currentYear;
  if (typeof raw !== 'string' || !/^\d{4}$/.test(raw)) return null;
  const year = Number(raw);
  return year >= PROGRESS_YEARS.min && year <= PROGRESS_YEARS.max ? year : null;
}

/** A cancelled challenge is left out unless it was excused; a settled or closed one is a success, a forgiven miss or a miss. */
export function morningStatus(r: MorningRecord): MorningStatus | null {
  if (r.status === 'CANCELLED') return r.excused ? 'EXCUSED' : null;
  if (r.status === 'PENDING') return 'PENDING';
  if (r.isSuccessful) return 'SUCCESS';
  return r.forgiven ? 'EXCUSED' : 'FAILED';
}

/** One morning a date, in date order; where a date has an excused challenge and another one, the other one counts. */
export function mornings(records: MorningRecord[]): Morning[] {
  const byDate = new Map<string, Morning>();
  for (const r of records) {
    const status = morningStatus(r);
    if (!status) continue;
    const held = byDate.get(r.date);
    if (held && held.status !== 'EXCUSED') continue;
    byDate.set(r.date, { date: r.date, status, wakeUpTime: r.wakeUpTime, checkInTime: r.checkIn?.time ?? null, checkInMinutes: r.checkIn?.minutes ?? null });
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The Monday on or before an ISO date. */
export function weekStartOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const mean = (xs: number[]): number => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);

/** Per week with a morning that counts (excused ones do not): the mean target and the mean check-in. */
export function weeks(list: Morning[]): WeekPoint[] {
  const groups = new Map<string, Morning[]>();
  for (const m of list) {
    if (m.status === 'EXCUSED') continue;
    const key = weekStartOf(m.date);
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([weekStart, ms]) => {
      const checked = ms.flatMap((m) => (m.checkInMinutes === null ? [] : [m.checkInMinutes]));
      return { weekStart, targetMinutes: mean(ms.map((m) => minutesOf(m.wakeUpTime))), actualMinutes: checked.length ? mean(checked) : null };
    });
}
