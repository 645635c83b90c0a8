import { MAIL_MAX_BACKOFF_MS, mailBackoffMs } from './mail.constants.js';

describe('mail retry backoff', () => {
  it('doubles from the first delay and never waits longer than the cap', () => {
    expect([1, 2, 3, 4].map((n) => mailBackoffMs(n, 5_000))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(mailBackoffMs(30, 5_000)).toBe(MAIL_MAX_BACKOFF_MS);
    expect(mailBackoffMs(0, 5_000)).toBe(5_000);
  });
});
