import { challengeStake, charity, PLATFORM_REVENUE, pool, userWallet } from './accounts.js';
import type { EntryInput } from './journal.js';

/**
 * The journal entries that move a challenge's stake at settlement or cancel (amounts in paise). ReturnStake and the
 * batch PostStakeMovements build them here, so both post the same entry for the same movement.
 */
export function refundStakeEntry(i: { userId: string; challengeId: string; amount: bigint }): EntryInput {
  return {
    idempotencyKey: `challenge:${i.challengeId}:refund`,
    reason: 'STAKE_REFUNDED',
    correlation: { type: 'challenge', id: i.challengeId },
    postings: [
      { account: challengeStake(i.challengeId), amount: -i.amount },
      { account: userWallet(i.userId), amount: i.amount },
    ],
    metadata: { userId: i.userId, challengeId: i.challengeId },
  };
}

export function moveToPoolEntry(i: {
  userId: string;
  challengeId: string;
  date: string;
  amount: bigint;
  testPool?: boolean;
  proof?: 'NONE' | 'PHOTO';
}): EntryInput {
  return {
    idempotencyKey: `challenge:${i.challengeId}:pool`,
    reason: 'POOL_CONTRIBUTION',
    correlation: { type: 'challenge', id: i.challengeId },
    postings: [
      { account: challengeStake(i.challengeId), amount: -i.amount },
      { account: pool(i.date, i.testPool, i.proof), amount: i.amount },
    ],
    metadata: { userId: i.userId, challengeId: i.challengeId, date: i.date },
  };
}

/** Why a whole stake goes back; an excused morning (a wake shield, declared leave) posts under its own journal reason. */
export type ReturnStakeReason = 'CANCELLED' | 'SETTLED' | 'APPEAL_REFUNDED' | 'SHIELD_USED' | 'LEAVE' | 'OUTAGE_FORGIVEN';

export function returnStakeEntry(i: { userId: string; challengeId: string; amount: bigint; reason: ReturnStakeReason }): EntryInput {
  return {
    idempotencyKey: `challenge:${i.challengeId}:return-stake`,
    reason: i.reason === 'SHIELD_USED' || i.reason === 'LEAVE' || i.reason === 'OUTAGE_FORGIVEN' ? i.reason : 'STAKE_RETURNED',
    correlation: { type: 'challenge', id: i.challengeId },
    postings: [
      { account: challengeStake(i.challengeId), amount: -i.amount },
      { account: userWallet(i.userId), amount: i.amount },
    ],
    metadata: { userId: i.userId, challengeId: i.challengeId, why: i.reason },
  };
}

export function payWinningsEntry(i: {
  userId: string;
  challengeId: string;
  date: string;
  amount: bigint;
  testPool?: boolean;
  proof?: 'NONE' | 'PHOTO';
}): EntryInput {
  return {
    idempotencyKey: `challenge:${i.challengeId}:winnings`,
    reason: 'WINNINGS',
    correlation: { type: 'challenge', id: i.challengeId },
    postings: [
      { account: pool(i.date, i.testPool, i.proof), amount: -i.amount },
      { account: userWallet(i.userId), amount: i.amount },
    ],
    metadata: { userId: i.userId, challengeId: i.challengeId, date: i.date },
  };
}

/**
 * Pledge mode (POOL_MODE=pledge): a miss's forfeited share goes straight from its stake to the charity the user picked
 * (`charity:{id}`), or to platform revenue when the operator keeps no charity list; never to a pool or another player.
 */
export function donateForfeitEntry(i: { userId: string; challengeId: string; date: string; amount: bigint; charityId: string | null }): EntryInput {
  return {
    idempotencyKey: `challenge:${i.challengeId}:donation`,
    reason: i.charityId ? 'PLEDGE_DONATION' : 'PLEDGE_TO_PLATFORM',
    correlation: { type: 'challenge', id: i.challengeId },
    postings: [
      { account: challengeStake(i.challengeId), amount: -i.amount },
      { account: i.charityId ? charity(i.charityId) : PLATFORM_REVENUE, amount: i.amount },
    ],
    metadata: { userId: i.userId, challengeId: i.challengeId, date: i.date, ...(i.charityId ? { charityId: i.charityId } : {}) },
  };
}
