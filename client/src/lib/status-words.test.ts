import { describe, expect, it } from 'vitest';
import { challengeStatusWord, outcomeWord, statusWord } from './status-words';

describe('status words', () => {
  it('never shows a code to a person', () => {
    for (const code of ['PENDING', 'PROCESSED', 'SETTLED', 'SUCCESS', 'FAILED', 'REVERSED', 'PENDING_REVIEW', 'SOMETHING_NEW']) {
      expect(statusWord(code)).not.toBe(code);
      expect(statusWord(code)).not.toMatch(/^[A-Z_]+$/);
    }
  });
  it('says wallet and settlement statuses plainly', () => {
    expect(statusWord('PENDING')).toBe('Processing');
    expect(statusWord('SUCCESS')).toBe('Done');
    expect(statusWord('FAILED')).toBe('Failed');
    expect(statusWord('SETTLED')).toBe('Settled');
    expect(statusWord('PROCESSED')).toBe('Settled');
    expect(statusWord('SOMETHING_NEW')).toBe('Something new');
    expect(statusWord(undefined)).toBe('');
  });
  it('says a challenge’s status as the person lives it', () => {
    expect(challengeStatusWord({ status: 'PENDING' })).toBe('Waiting for check-in');
    expect(challengeStatusWord({ status: 'COMPLETED', isSuccessful: true })).toBe('Woke up · settling');
    expect(challengeStatusWord({ status: 'COMPLETED', isSuccessful: false })).toBe('Missed · settling');
    expect(challengeStatusWord({ status: 'PROCESSED', isSuccessful: true })).toBe('Settled');
    expect(outcomeWord('COMPLETED')).toBe('Woke up');
    expect(outcomeWord('FAILED')).toBe('Missed');
  });
});
