import type { LedgerEntry } from './api/support-api';

export const REASON_LABELS: Record<string, string> = {
  DEPOSIT: 'Deposit',
  CHALLENGE_STAKE: 'Challenge stake',
  STAKE_RETURNED: 'Stake returned',
  STAKE_REFUNDED: 'Refund of a missed challenge',
  WINNINGS: 'Winnings from the pool',
  WITHDRAWAL_HOLD: 'Withdrawal requested',
  WITHDRAWAL_PAID: 'Withdrawal paid out',
  WITHDRAWAL_REVERSED: 'Withdrawal reversed',
  POOL_CONTRIBUTION: 'Moved to pool',
  PLATFORM_REVENUE: 'Platform revenue',
  PLEDGE_DONATION: 'Donated to charity (pledge mode)',
  PLEDGE_TO_PLATFORM: 'Forfeit to the platform (pledge mode, no charity configured)',
};

export const reasonLabel = (reason: string): string => REASON_LABELS[reason] ?? reason;

const round2 = (n: number) => Math.round(n * 100) / 100;

export interface ChallengeStory {
  challengeId: string;
  stake: number;
  refund: number;
  returned: number;
  winnings: number;
  /** What left the stake account for the pool: stake − refund − returned (the pool entry does not touch the wallet). */
  pooled: number;
  settled: boolean;
  entries: LedgerEntry[];
}

/** A challenge's money, folded from the wallet's own entries that carry its correlation id. */
export function challengeStories(entries: LedgerEntry[]): Map<string, ChallengeStory> {
  const stories = new Map<string, ChallengeStory>();
  for (const e of entries) {
    if (e.correlation?.type !== 'challenge') continue;
    const id = e.correlation.id;
    const s = stories.get(id) ?? { challengeId: id, stake: 0, refund: 0, returned: 0, winnings: 0, pooled: 0, settled: false, entries: [] };
    s.entries.push(e);
    const abs = Math.abs(e.amount);
    if (e.reason === 'CHALLENGE_STAKE') s.stake = round2(s.stake + abs);
    else if (e.reason === 'STAKE_REFUNDED') s.refund = round2(s.refund + abs);
    else if (e.reason === 'STAKE_RETURNED') s.returned = round2(s.returned + abs);
    else if (e.reason === 'WINNINGS') s.winnings = round2(s.winnings + abs);
    stories.set(id, s);
  }
  for (const s of stories.values()) {
    s.settled = s.refund > 0 || s.returned > 0 || s.winnings > 0;
    s.pooled = s.refund > 0 ? round2(Math.max(0, s.stake - s.refund - s.returned)) : 0;
  }
  return stories;
}

/** Percent of the stake a refund is (85 for a missed challenge), to one decimal. */
export function refundPercent(story: ChallengeStory): number | null {
  if (!story.stake || !story.refund) return null;
  return Math.round((story.refund / story.stake) * 1000) / 10;
}

/** Human name of a ledger account address (user:{id}:wallet, challenge:{id}:stake, pool:{date}, world, ...). */
export function accountLabel(account: string, walletAccount?: string): string {
  if (account === walletAccount) return 'This wallet';
  if (account === 'world') return 'World (outside money)';
  let m = /^user:([^:]+):wallet$/.exec(account);
  if (m) return `Wallet of user ${m[1]}`;
  m = /^challenge:([^:]+):stake$/.exec(account);
  if (m) return `Stake of challenge ${m[1]}`;
  m = /^pool:(.+)$/.exec(account);
  if (m) return `Pool ${m[1]}`;
  m = /^payout:clearing:(.+)$/.exec(account);
  if (m) return `Payout clearing of withdrawal ${m[1]}`;
  m = /^charity:(.+)$/.exec(account);
  if (m) return `Charity ${m[1]} (pledge-mode donations)`;
  if (account === 'platform:revenue') return 'Platform revenue';
  if (account === 'platform:fees') return 'Platform fees';
  if (account === 'gateway:clearing') return 'Payment gateway clearing';
  return account;
}
