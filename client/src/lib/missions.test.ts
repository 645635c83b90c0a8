import { describe, expect, it } from 'vitest';
import { allSumsRight, isOwnWakeTag, makeSums, missionWord, SENTENCES, sumIsRight, sumText, typingMatches } from './missions';

/** A repeatable [0, 1) sequence. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

describe('math mission', () => {
  it('makes three short sums whose answers are right and never negative', () => {
    for (let k = 0; k < 200; k++) {
      const sums = makeSums();
      expect(sums).toHaveLength(3);
      for (const s of sums) {
        expect(s.answer).toBe(s.op === '+' ? s.a + s.b : s.a - s.b);
        expect(s.answer).toBeGreaterThanOrEqual(0);
        expect(s.a).toBeGreaterThanOrEqual(12);
        expect(s.a).toBeLessThanOrEqual(89);
      }
    }
  });
  it('checks typed answers: whole numbers, spaces around allowed, nothing else', () => {
    const [s] = makeSums(seq(0, 0.1, 0.2)); // a = 12, an addition (0.1 < 0.5), b = 11 + floor(0.2 × 49) = 20
    expect([s.a, s.op, s.b, s.answer, sumText(s)]).toEqual([12, '+', 20, 32, '12 + 20']);
    expect(sumIsRight(s, '32')).toBe(true);
    expect(sumIsRight(s, ' 32 ')).toBe(true);
    expect(sumIsRight(s, '31')).toBe(false);
    expect(sumIsRight(s, '32.0')).toBe(false);
    expect(sumIsRight(s, '')).toBe(false);
    expect(sumIsRight(s, 'thirty-two')).toBe(false);
  });
  it('unlocks only when every sum is right', () => {
    const sums = makeSums(seq(0.5, 0.9, 0.3));
    const right = sums.map((s) => String(s.answer));
    expect(allSumsRight(sums, right)).toBe(true);
    expect(allSumsRight(sums, [right[0], right[1], String(sums[2].answer + 1)])).toBe(false);
    expect(allSumsRight(sums, right.slice(0, 2))).toBe(false);
    expect(allSumsRight([], [])).toBe(false);
  });
});

describe('typing mission', () => {
  const target = SENTENCES[0];
  it('accepts the sentence as shown, whatever the case and spacing', () => {
    expect(typingMatches(target, target)).toBe(true);
    expect(typingMatches(target, `  ${target.toUpperCase()}  `)).toBe(true);
    expect(typingMatches(target, target.replace(/ /g, '   '))).toBe(true);
    expect(typingMatches('I can’t stop', "i can't stop")).toBe(true);
  });
  it('refuses a missing word, a missing mark, a typo or nothing', () => {
    expect(typingMatches(target, target.replace('feet ', ''))).toBe(false);
    expect(typingMatches(target, target.slice(0, -1))).toBe(false);
    expect(typingMatches(target, target.replace('awake', 'awak'))).toBe(false);
    expect(typingMatches(target, '   ')).toBe(false);
  });
});

describe('wake tag and words', () => {
  it('unlocks only on the person’s own code', () => {
    expect(isOwnWakeTag('wakestake-tag:abc', 'wakestake-tag:abc')).toBe(true);
    expect(isOwnWakeTag('wakestake-tag:abd', 'wakestake-tag:abc')).toBe(false);
    expect(isOwnWakeTag('', 'wakestake-tag:abc')).toBe(false);
    expect(isOwnWakeTag('wakestake-tag:abc', undefined)).toBe(false);
  });
  it('names a mission in words, never as a code', () => {
    expect(missionWord('MATH')).toBe('Math mission');
    expect(missionWord('WAKE_TAG')).toBe('Wake tag mission');
    expect(missionWord(undefined)).toBe('No mission');
    expect(missionWord('SOMETHING')).toBe('No mission');
  });
});
