import { challengeStake, charity, PLATFORM_REVENUE, pool, userWallet } from './accounts.js';
import type { EntryInput } from './journal.js';

/**
 * The journal entries that move a challenge's stake at settlement or cancel (amounts in paise). ReturnStake and the
 * batch PostStakeMovements build them here, so both post the same entry for the same movement.
 */
/**
 * One movement of a challenge's money: `amount` from one account to another, under the challenge's key for this step
 * (`challenge:{id}:{step}`), correlated with the challenge.
 */
function challengeMove(
  challengeId: string,
  step: string,
  reason: string,
  from: string,
  to: string,
  amount: bigint,
  metadata: Record<string, unknown>,
): EntryInput {
  return {
    idempotencyKey: `challenge:${challengeId}:${step}`,
    reason,
    correlation: { type: 'challenge', id: challengeId },
    postings: [
      { account: from, amount: -amount },
      { account: to, amount },
    ],
    metadata,
  };
}

export function refundStakeEntry(i: { userId: string; challengeId: string; amount: bigint }): EntryInput {
  return challengeMove(i.challengeId, 'refund', 'STAKE_REFUNDED', challengeStake(i.challengeId), userWallet(i.userId), i.amount, {
    userId: i.userId,
    challengeId: i.challengeId,
  });
}

/** A pool-mode movement's pool: the date's, per proof, real or test. */
interface PoolMove {
  userId: string;
  challengeId: string;
  date: string;
  amount: bigint;
  testPool?: boolean;
  proof?: 'NONE' | 'PHOTO';
}

export function moveToPoolEntry(i: PoolMove): EntryInput {
  return challengeMove(i.challengeId, 'pool', 'POOL_CONTRIBUTION', challengeStake(i.challengeId), pool(i.date, i.testPool, i.proof), i.amount, {
    userId: i.userId,
    challengeId: i.challengeId,
    date: i.date,
  });
}

/** Why a whole stake goes back; an excused morning (a wake shield, declared leave) posts under its own journal reason. */
export type ReturnStakeReason = 'CANCELLED' | 'SETTLED' | 'APPEAL_REFUNDED' | 'SHIELD_USED' | 'LEAVE' | 'OUTAGE_FORGIVEN';

export function returnStakeEntry(i: { userId: string; challengeId: string; amount: bigint; reason: ReturnStakeReason }): EntryInput {
  const reason = i.reason === 'SHIELD_USED' || i.reason === 'LEAVE' || i.reason === 'OUTAGE_FORGIVEN' ? i.reason : 'STAKE_RETURNED';
  return challengeMove(i.challengeId, 'return-stake', reason, challengeStake(i.challengeId), userWallet(i.userId), i.amount, {
    userId: i.userId,
    challengeId: i.challengeId,
    why: i.reason,
  });
}

export function payWinningsEntry(i: PoolMove): EntryInput {
  return challengeMove(i.challengeId, 'winnings', 'WINNINGS', pool(i.date, i.testPool, i.proof), userWallet(i.userId), i.amount, {
    userId: i.userId,
    challengeId: i.challengeId,
    date: i.date,
  });
}

/**
 * Pledge mode (POOL_MODE=pledge): a miss's forfeited share goes straight from its stake to the charity the user picked
 * (`charity:{id}`), or to platform revenue when the operator keeps no charity list; never to a pool or another player.
 */
export function donateForfeitEntry(i: { userId: string; challengeId: string; date: string; amount: bigint; charityId: string | null }): EntryInput {
  return challengeMove(
    i.challengeId,
    'donation',
    i.charityId ? 'PLEDGE_DONATION' : 'PLEDGE_TO_PLATFORM',
    challengeStake(i.challengeId),
    i.charityId ? charity(i.charityId) : PLATFORM_REVENUE,
    i.amount,
    { userId: i.userId, challengeId: i.challengeId, date: i.date, ...(i.charityId ? { charityId: i.charityId } : {}) },
  );
}
