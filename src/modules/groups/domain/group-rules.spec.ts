import { parseGroupName, parseNote, rankBoard, weekOf, firstName, GROUP_LIMITS } from './group-rules.js';

describe('group rules', () => {
  it('a week runs Monday to Sunday around any of its days', () => {
    expect(weekOf('2034-03-15')).toEqual({
      from: '2034-03-13',
      to: '2034-03-19',
      days: ['2034-03-13', '2034-03-14', '2034-03-15', '2034-03-16', '2034-03-17', '2034-03-18', '2034-03-19'],
    });
    expect(weekOf('2034-03-13').from).toBe('2034-03-13');
    expect(weekOf('2034-03-19').from).toBe('2034-03-13');
    expect(weekOf('2034-01-01')).toMatchObject({ from: '2033-12-26', to: '2034-01-01' });
  });

  it('a name is trimmed, not empty, at most 40 characters and without control characters', () => {
    expect(parseGroupName('  Early   birds ')).toEqual({ name: 'Early birds' });
    expect(parseGroupName('   ')).toEqual({ problem: 'name must not be empty' });
    expect(parseGroupName(42)).toEqual({ problem: 'name must be text' });
    expect(parseGroupName('x'.repeat(GROUP_LIMITS.nameMaxLength + 1))).toEqual({ problem: 'name must be at most 40 characters' });
    expect(parseGroupName('a\u0007b')).toEqual({ problem: 'name must not contain control characters' });
    for (const n of ['2034', '1e308', 'NaN', 'Infinity', '9223372036854775808'])
      expect(parseGroupName(n)).toEqual({ problem: 'name must be words, not a number' });
    expect(parseGroupName('Class of 2034')).toEqual({ name: 'Class of 2034' });
  });

  it('a note is optional text of at most 200 characters', () => {
    expect(parseNote(undefined)).toEqual({ note: null });
    expect(parseNote('  ')).toEqual({ note: null });
    expect(parseNote(' blurry ')).toEqual({ note: 'blurry' });
    expect(parseNote(5)).toEqual({ problem: 'note must be text' });
    expect(parseNote('x'.repeat(201))).toEqual({ problem: 'note must be at most 200 characters' });
  });

  it('ranks by mornings made this week, then streak; equal scores share a rank', () => {
    const board = rankBoard([
      { userId: 'a', name: 'Asha', madeThisWeek: 2, streak: 5 },
      { userId: 'b', name: 'Bala', madeThisWeek: 3, streak: 1 },
      { userId: 'c', name: 'Chitra', madeThisWeek: 2, streak: 5 },
      { userId: 'd', name: 'Dev', madeThisWeek: 2, streak: 4 },
    ]);
    expect(board.map((r) => [r.userId, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });

  it('friends see a first name only', () => {
    expect(firstName('Asha Rao')).toBe('Asha');
    expect(firstName('  ')).toBe('Member');
  });
});
