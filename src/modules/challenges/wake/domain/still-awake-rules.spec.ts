import { answerProblem, closeUnanswered, StillAwakeCheck, stillAwakeMoment, stillAwakeStatus, STILL_AWAKE_SPREAD_SECONDS } from './still-awake-rules.js';

const checkIn = new Date('2026-03-10T00:35:00Z');
const at = (minutes: number) => new Date(checkIn.getTime() + minutes * 60_000);

describe('still awake?', () => {
  it('asks between 20 and 40 minutes after the check-in and takes answers for 10 minutes', () => {
    expect(stillAwakeMoment(checkIn, 0)).toEqual({ askAt: at(20), deadlineAt: at(30) });
    expect(stillAwakeMoment(checkIn, STILL_AWAKE_SPREAD_SECONDS)).toEqual({ askAt: at(40), deadlineAt: at(50) });
    expect(stillAwakeMoment(checkIn, 99_999).askAt).toEqual(at(40));
    expect(stillAwakeMoment(checkIn, -5).askAt).toEqual(at(20));
  });

  const check = (over: Partial<StillAwakeCheck> = {}): StillAwakeCheck => ({
    askAt: at(25),
    deadlineAt: at(35),
    askedAt: null,
    answeredAt: null,
    outcome: null,
    ...over,
  });

  it('is answerable from its moment until its deadline, by the server clock', () => {
    expect(answerProblem(check(), at(24.99))).toBe('NOT_ASKED_YET');
    expect(answerProblem(check(), at(25))).toBeNull();
    expect(answerProblem(check(), at(34.99))).toBeNull();
    expect(answerProblem(check(), at(35))).toBe('EXPIRED');
    expect(answerProblem(check({ outcome: 'ANSWERED', answeredAt: at(26) }), at(27))).toBe('ALREADY_ANSWERED');
    expect(answerProblem(check({ outcome: 'MISSED' }), at(36))).toBe('EXPIRED');
  });

  it('shows its state', () => {
    expect(stillAwakeStatus(check(), at(10))).toBe('SCHEDULED');
    expect(stillAwakeStatus(check(), at(30))).toBe('ASKING');
    expect(stillAwakeStatus(check(), at(40))).toBe('EXPIRED');
    expect(stillAwakeStatus(check({ outcome: 'VOID' }), at(40))).toBe('VOID');
  });

  it('fails the morning when asked and unanswered; voids a check never asked', () => {
    expect(closeUnanswered({ askedAt: at(25) })).toBe('MISSED');
    expect(closeUnanswered({ askedAt: null })).toBe('VOID');
  });
});
