import { toRupees } from '../../../../common/money.js';
import type { ChallengeStatus } from './challenge-rules.js';

/** The settled fields netResult reads (paise; a row fresh from the driver may carry a bigint as text). */
export interface SettledMorning {
  status: ChallengeStatus;
  isSuccessful: boolean | null;
  /** the pool share a win received (0 in pledge mode and when nobody missed) */
  winningsAmount: bigint;
  /** what a miss left to the pool or the charity (15% of the stake; 0 when the stake came back whole) */
  actualForfeitAmount: bigint;
  forgivenReason?: string | null;
}

/**
 * What a morning did to the wallet, in signed rupees, once settled (PROCESSED): a win → its pool share (0 when
 * nobody missed or in pledge mode); a miss → minus what it left (15% of the stake); a forgiven or returned stake → 0.
 * Null before settlement (and for a cancelled challenge, which never settles). The one rule every view of a challenge uses.
 */
export function netResultOf(c: SettledMorning): number | null {
  if (c.status !== 'PROCESSED') return null;
  if (c.forgivenReason) return 0;
  if (c.isSuccessful === true) return toRupees(BigInt(c.winningsAmount));
  const kept = BigInt(c.actualForfeitAmount);
  return kept > 0n ? -toRupees(kept) : 0;
}
