import { describe, expect, it } from 'vitest';
import { describeMorning, inviteLinkOf, mornings, weekdayLetterOf, weekdayOf } from './outcomes';

describe('group outcomes in words', () => {
  it('names the weekday of a calendar date whatever the browser zone', () => {
    expect(weekdayOf('2034-03-13')).toBe('Mon');
    expect(weekdayOf('2034-03-19')).toBe('Sun');
    expect(weekdayLetterOf('2034-03-15')).toBe('W');
  });

  it('says a morning with its referee answer', () => {
    expect(describeMorning('Asha', '2034-03-13', 'MADE', 'REJECTED')).toBe('Asha, Monday, 13 March: Made it (rejected by the referee)');
    expect(describeMorning('Bala', '2034-03-14', 'EXCUSED')).toBe('Bala, Tuesday, 14 March: Excused');
  });

  it('builds the invite link on the app origin', () => {
    expect(inviteLinkOf('http://127.0.0.1:4000/', 'abc_DEF-1')).toBe('http://127.0.0.1:4000/join/abc_DEF-1');
  });

  it('counts mornings', () => {
    expect(mornings(1)).toBe('1 morning');
    expect(mornings(0)).toBe('0 mornings');
  });
});
