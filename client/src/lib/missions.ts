// Wake missions: a short task before the Check In button unlocks, for getting out of bed (not proof).

export type Mission = 'NONE' | 'MATH' | 'TYPING' | 'WAKE_TAG';

export interface Sum {
  a: number;
  b: number;
  op: '+' | '−';
  answer: number;
}

/** Three short sums: two-digit additions and subtractions with a non-negative answer. `random` is [0, 1). */
export function makeSums(random: () => number = Math.random, count = 3): Sum[] {
  const n = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  return Array.from({ length: count }, () => {
    const a = n(12, 89);
    if (random() < 0.5) {
      const b = n(11, 59);
      return { a, b, op: '+' as const, answer: a + b };
    }
    const b = n(3, a - 1);
    return { a, b, op: '−' as const, answer: a - b };
  });
}

export const sumText = (s: Sum) => `${s.a} ${s.op} ${s.b}`;

/** Whole numbers as typed (spaces allowed around); anything else is wrong. */
export function sumIsRight(s: Sum, typed: string): boolean {
  const t = typed.trim();
  return /^-?\d+$/.test(t) && Number(t) === s.answer;
}

export const allSumsRight = (sums: readonly Sum[], typed: readonly string[]) => sums.length > 0 && sums.every((s, i) => sumIsRight(s, typed[i] ?? ''));

export const SENTENCES = [
  'I am awake and my feet are on the floor.',
  'Good morning: the day starts now, not in ten minutes.',
  'I set this alarm because I meant it.',
  'Up, out of bed, and on with the morning.',
  'A glass of water and the window open.',
] as const;

export const pickSentence = (random: () => number = Math.random) => SENTENCES[Math.floor(random() * SENTENCES.length)];

/** Typed as shown: case, repeated spaces, curly quotes and the spaces around it don't matter; every word and mark does. */
export function typingMatches(target: string, typed: string): boolean {
  const norm = (s: string) =>
    s
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(target);
}

/** The scanned QR text is this person's wake tag (GET /me/wake-tag's code). */
export const isOwnWakeTag = (scanned: string | null | undefined, code: string | null | undefined) => !!scanned && !!code && scanned.trim() === code.trim();

export const missionWords: Record<Exclude<Mission, 'NONE'>, { title: string; detail: string }> = {
  MATH: { title: 'Math', detail: '3 short sums before Check In unlocks' },
  TYPING: { title: 'Typing', detail: 'type a shown sentence before Check In unlocks' },
  WAKE_TAG: { title: 'Wake tag', detail: 'scan the QR code you printed and stuck away from your bed' },
};

/** "No mission", "Math mission"… */
export function missionWord(mission: string | null | undefined): string {
  const m = String(mission ?? 'NONE').toUpperCase() as Mission;
  return m === 'NONE' || !(m in missionWords) ? 'No mission' : `${missionWords[m as Exclude<Mission, 'NONE'>].title} mission`;
}
