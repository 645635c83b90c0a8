import { uuid7 } from '../../../../common/uuid.js';
import { checkInWindow } from '../domain/challenge-rules.js';
import type { Mission, Proof } from '../domain/proof-rules.js';
import { ChallengeEntity } from './challenge.entity.js';

/** What a new challenge row is made of: the person's choice, its pool or pledge, and the moment it is made. */
export interface NewChallenge {
  userId: string;
  date: string;
  time: string;
  stake: bigint;
  isTest: boolean;
  /** TEST_MODE challenges may be made already checked in or missed */
  outcome: 'PENDING' | 'COMPLETED' | 'FAILED';
  proof?: Proof;
  mission?: Mission;
  pledge: { poolMode: 'pool' | 'pledge'; charityId: string | null };
  now: Date;
  timezone: string;
}

/** Every column of a new challenge row (real or TEST_MODE), its check-in window computed in the operator's time zone. */
export function newChallengeRow(c: NewChallenge): ChallengeEntity {
  const { userId, date, time, stake, now, pledge } = c;
  const window = checkInWindow(date, time, c.timezone);
  const proof = c.proof ?? 'NONE';
  // a TEST_MODE challenge made already checked in with PHOTO proof waits for review like a real photo check-in
  const photoDone = proof === 'PHOTO' && c.outcome === 'COMPLETED';
  return Object.assign(new ChallengeEntity(), {
    id: uuid7(),
    userId,
    challengeDate: date,
    wakeUpTime: time,
    stake,
    status: c.outcome === 'PENDING' ? 'PENDING' : 'COMPLETED',
    isSuccessful: c.outcome === 'PENDING' ? null : c.outcome === 'COMPLETED',
    windowOpensAt: window.opensAt,
    windowClosesAt: window.closesAt,
    checkInTime: c.outcome === 'COMPLETED' ? now : null,
    verificationMethod: c.outcome === 'COMPLETED' ? (photoDone ? 'PHOTO' : 'MANUAL') : null,
    checkInLocation: null,
    notes: null,
    photoPath: null,
    failureReason: c.outcome === 'FAILED' ? 'Missed check-in window' : null,
    forgivenReason: null,
    winningsAmount: 0n,
    actualForfeitAmount: 0n,
    refundedAmount: 0n,
    isTest: c.isTest,
    poolMode: pledge.poolMode,
    charityId: pledge.charityId,
    proof,
    mission: c.mission ?? 'NONE',
    proofStatus: photoDone ? 'PENDING_REVIEW' : null,
    proofFlag: null,
    createdAt: now,
    closedAt: c.outcome === 'PENDING' ? null : now,
    processedAt: null,
    cancelledAt: null,
  } satisfies Omit<ChallengeEntity, never>);
}
