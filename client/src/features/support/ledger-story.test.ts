import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './api/support-api';
import { accountLabel, challengeStories, refundPercent } from './ledger-story';

const entry = (reason: string, amount: number, running: number, correlation = { type: 'challenge', id: 'c1' }): LedgerEntry => ({
  entryId: `${reason}-${running}`,
  postedAt: '2026-03-01T01:00:00.000Z',
  reason,
  correlation,
  amount,
  runningBalance: running,
  postings: [],
  idempotencyKey: `${reason}:${correlation.id}`,
  metadata: {},
  links: {},
});

describe('challenge stories from a wallet ledger', () => {
  it('a missed challenge: stake 100, refund 85 (85%), 15 to the pool', () => {
    const stories = challengeStories([
      entry('DEPOSIT', 500, 500, { type: 'deposit', id: 'order_1' }),
      entry('CHALLENGE_STAKE', -100, 400),
      entry('STAKE_REFUNDED', 85, 485),
    ]);
    const s = stories.get('c1')!;
    expect(stories.size).toBe(1);
    expect(s).toMatchObject({ stake: 100, refund: 85, pooled: 15, settled: true });
    expect(refundPercent(s)).toBe(85);
  });

  it('a successful one pools nothing from the stake', () => {
    const s = challengeStories([entry('CHALLENGE_STAKE', -50, 450), entry('STAKE_RETURNED', 50, 500), entry('WINNINGS', 7.5, 507.5)]).get('c1')!;
    expect(s).toMatchObject({ stake: 50, returned: 50, winnings: 7.5, pooled: 0, settled: true });
    expect(refundPercent(s)).toBeNull();
  });

  it('names ledger accounts', () => {
    expect(accountLabel('user:u1:wallet', 'user:u1:wallet')).toBe('This wallet');
    expect(accountLabel('challenge:c1:stake')).toBe('Stake of challenge c1');
    expect(accountLabel('pool:2026-03-01')).toBe('Pool 2026-03-01');
    expect(accountLabel('payout:clearing:w1')).toBe('Payout clearing of withdrawal w1');
    expect(accountLabel('world')).toBe('World (outside money)');
  });
});
