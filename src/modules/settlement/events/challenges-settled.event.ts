import type { EntityManager } from 'typeorm';
import type { InTransactionEvent } from '../../../common/transactional-events.js';
import { REFUND_PERCENT } from '../domain/split.js';

/** The percent of a missed stake that comes back (split.ts's one REFUND_PERCENT), for the words other modules write. */
export const MISS_REFUND_PERCENT: number = Number(REFUND_PERCENT);

/** One settled challenge of a chunk, amounts in paise. */
export interface SettledLine {
  userId: string;
  challengeId: string;
  stake: bigint;
  isSuccessful: boolean;
  /** what came back of a miss (85 %, or the whole stake when forgiven) */
  refund: bigint;
  /** what a miss forfeited: into the pool, or (pledge mode) donated to `charityId` (null: platform revenue) */
  pooled: bigint;
  winnings: bigint;
  charityId: string | null;
  /** a miss forgiven for an outage of ours: the outage and the words the user reads */
  forgivenBy: string | null;
  forgivenNote: string | null;
  /** a miss's reason its owner reads (a rejected proof photo); absent or null otherwise */
  missNote?: string | null;
}

/**
 * A chunk of a date's settlement was paid: one event per chunk (not per challenge), published in the chunk's
 * transaction, so each line's notice commits with its money or not at all.
 */
export class ChallengesSettled implements InTransactionEvent {
  constructor(
    readonly date: string,
    readonly mode: 'pool' | 'pledge',
    /** the test challenges' own pool (no receipt mail) */
    readonly testPool: boolean,
    readonly lines: readonly SettledLine[],
    readonly manager: EntityManager,
  ) {}
}
