/** Groups of friends: the limits and the week a group's page shows. Pure: no Nest, no ORM, no clock. */

export const GROUP_LIMITS = {
  membersPerGroup: 50,
  groupsPerUser: 10,
  nameMaxLength: 40,
  noteMaxLength: 200,
} as const;

/** A group's name, trimmed; or the message a person reads. */
export function parseGroupName(raw: unknown): { name: string } | { problem: string } {
  if (typeof raw !== 'string') return { problem: 'name must be text' };
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0) return { problem: 'name must not be empty' };
  if (name.length > GROUP_LIMITS.nameMaxLength) return { problem: `name must be at most ${GROUP_LIMITS.nameMaxLength} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return { problem: 'name must not contain control characters' };
  // "2034", "1e308", "NaN": a number is not a name (and usually a client's bug)
  if (name === 'NaN' || !Number.isNaN(Number(name))) return { problem: 'name must be words, not a number' };
  return { name };
}

/** A referee's note on a rejection or confirmation, trimmed (null when empty); or the message a person reads. */
export function parseNote(raw: unknown): { note: string | null } | { problem: string } {
  if (raw === undefined || raw === null) return { note: null };
  if (typeof raw !== 'string') return { problem: 'note must be text' };
  const note = raw.trim();
  if (note.length > GROUP_LIMITS.noteMaxLength) return { problem: `note must be at most ${GROUP_LIMITS.noteMaxLength} characters` };
  return { note: note.length ? note : null };
}

function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Monday-to-Sunday week holding `date` (a YYYY-MM-DD in the app's time zone). */
export function weekOf(date: string): { from: string; to: string; days: string[] } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const from = shift(date, -((weekday + 6) % 7));
  const days = Array.from({ length: 7 }, (_, i) => shift(from, i));
  return { from, to: days[6], days };
}

/** What friends see of a name: the first word (the leaderboard setting speaks of "the first name"). */
export function firstName(fullName: string | null | undefined): string {
  const first = (fullName ?? '').trim().split(/\s+/)[0];
  return first || 'Member';
}

export interface BoardInput {
  userId: string;
  name: string;
  madeThisWeek: number;
  streak: number;
}

export interface BoardRow extends BoardInput {
  rank: number;
}

/** Most mornings made this week first, then the longer streak, then the name; equal scores share a rank. */
export function rankBoard(rows: BoardInput[]): BoardRow[] {
  const sorted = [...rows].sort(
    (a, b) => b.madeThisWeek - a.madeThisWeek || b.streak - a.streak || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId),
  );
  let rank = 0;
  return sorted.map((r, i) => {
    const prev = sorted[i - 1];
    if (!prev || prev.madeThisWeek !== r.madeThisWeek || prev.streak !== r.streak) rank = i + 1;
    return { ...r, rank };
  });
}
