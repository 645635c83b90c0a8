import { formatInr, toRupees } from '../../../../common/money.js';
import { zonedInstant } from '../../../../common/time.js';
import { donationDestination } from '../../../../config/env-parsers.js';
import type { Mission, Proof, ProofFlag, ProofStatus } from './proof-rules.js';
import { netResultOf } from './net-result.js';
import { ChallengeStatus, timeRemainingMinutes, WINDOW_AFTER_MINUTES, WINDOW_BEFORE_MINUTES, windowPhase } from './challenge-rules.js';

/** What a stored challenge holds, as the view needs it. */
export interface ChallengeRecord {
  id: string;
  challengeDate: string;
  wakeUpTime: string;
  stake: bigint;
  status: ChallengeStatus;
  isSuccessful: boolean | null;
  windowOpensAt: Date;
  windowClosesAt: Date;
  checkInTime: Date | null;
  verificationMethod: 'MANUAL' | 'PHOTO' | null;
  checkInLocation: string | null;
  notes: string | null;
  photoPath: string | null;
  failureReason: string | null;
  /** settled as forgiven for an outage of ours: why (absent or null otherwise) */
  forgivenReason?: string | null;
  winningsAmount: bigint;
  actualForfeitAmount: bigint;
  refundedAmount: bigint;
  isTest: boolean;
  /** POOL_MODE fixed at creation (absent: pool) */
  poolMode?: 'pool' | 'pledge';
  /** pledge mode: the charity a miss goes to (null: the platform) */
  charityId?: string | null;
  /** proof of wake (absent: NONE) and a PHOTO check-in's review (absent: null) */
  proof?: Proof;
  proofStatus?: ProofStatus | null;
  /** a PHOTO check-in's automatic flag for review (absent: null); support sees it, the owner's view does not carry it */
  proofFlag?: ProofFlag | null;
  /** wake mission (absent: NONE) */
  mission?: Mission;
  createdAt: Date;
  closedAt: Date | null;
  processedAt: Date | null;
  cancelledAt: Date | null;
}

export interface ChallengeView {
  id: string;
  challengeDate: string;
  wakeUpTime: string;
  forfeitAmount: number;
  status: ChallengeStatus;
  statusDescription: string;
  isCompleted: boolean;
  isSuccessful: boolean | null;
  canCheckIn: boolean;
  isWithinGracePeriod: boolean;
  gracePeriodStartTime: string;
  gracePeriodEndTime: string;
  windowClosesAt: string;
  isOverdue: boolean;
  timeRemainingMinutes: number;
  checkInTime: string | null;
  verificationMethod: 'MANUAL' | 'PHOTO' | null;
  checkInLocation: string | null;
  notes: string | null;
  hasPhoto: boolean;
  /** what the owner receives for a win: the stake back plus the pool share once settled; the stake while awaiting settlement */
  winningsAmount: number;
  /** the pool share alone: set once settled (0 for a failed challenge), null before */
  poolShare: number | null;
  /** before settlement, what a win would pay with today's pool as it stands (stake + estimatedPoolShare); null otherwise */
  estimatedWinnings: number | null;
  estimatedPoolShare: number | null;
  /** Once settled, signed rupees of what the morning did to the wallet (share, −15%, or 0); null before */
  netResult: number | null;
  failureReason: string | null;
  /** a miss settled as forgiven because our service was down during its window: why; null otherwise */
  forgivenReason: string | null;
  /** what a failed challenge leaves to the pool (15% of the stake), from the failed check-in on */
  actualForfeitAmount: number;
  refundedAmount: number;
  isTest: boolean;
  /** pledge: a success gets exactly its stake back and a miss's forfeit is donated (no winnings, no pool) */
  poolMode: 'pool' | 'pledge';
  charityId: string | null;
  /** pledge: where a miss's forfeit goes, as a person reads it (the charity's name, or the platform) */
  donationTo: string | null;
  /** NONE, or PHOTO: the check-in needs a new photo, and the morning settles in the date's PHOTO pool */
  proof: Proof;
  /** NONE, MATH, TYPING or WAKE_TAG: a task the app sets before the check-in unlocks */
  mission: Mission;
  /** a PHOTO check-in's review: PENDING_REVIEW, ACCEPTED or REJECTED; null before a PHOTO check-in and for NONE */
  proofStatus: ProofStatus | null;
  createdAt: string;
  processedAt: string | null;
  cancelledAt: string | null;
}

/** What settlement will make of a challenge not settled yet (from the settlement module's rule), paise. */
export interface OutcomeEstimate {
  /** a failed challenge's forfeit (stake − refund) */
  forfeit: bigint;
  /** a winner's share of the date's pool so far; null when not estimated */
  poolShare: bigint | null;
}

/** Paise amounts of a record (a row fresh from an insert can carry a driver's text for a defaulted bigint). */
interface Amounts {
  stake: bigint;
  share: bigint;
  forfeit: bigint;
  refunded: bigint;
}

/** Pledge mode words: the stake comes back, a miss donates; never "winnings" or "pool". */
function describePledge(c: ChallengeRecord, phase: 'BEFORE' | 'OPEN' | 'CLOSED', a: Amounts, to: string): string {
  switch (c.status) {
    case 'COMPLETED':
      if (c.isSuccessful) return 'Woke up on time: your stake comes back in full at settlement';
      return `Failed: ${c.failureReason ?? 'not checked in on time'}. ${formatInr(a.stake - a.forfeit)} of your stake is refunded and ${formatInr(a.forfeit)} donated to ${to} at settlement`;
    case 'PROCESSED':
      return c.isSuccessful
        ? `Woke up on time: your ${formatInr(a.stake)} stake is back in your wallet`
        : `Missed: ${formatInr(a.refunded)} refunded to your wallet, ${formatInr(a.forfeit)} donated to ${to}`;
    default:
      return describe(c, phase, a);
  }
}

function describe(c: ChallengeRecord, phase: 'BEFORE' | 'OPEN' | 'CLOSED', a: Amounts): string {
  switch (c.status) {
    case 'PENDING':
      if (phase === 'BEFORE') return 'Waiting for the check-in window to open';
      if (phase === 'OPEN') return 'Check-in window is open: time to wake up!';
      return 'Check-in window has closed';
    case 'COMPLETED':
      if (c.isSuccessful) return 'Woke up on time: your stake and winnings are paid at settlement';
      return `Failed: ${c.failureReason ?? 'not checked in on time'}. ${formatInr(a.stake - a.forfeit)} of your stake is refunded at settlement`;
    case 'PROCESSED':
      return c.isSuccessful
        ? `Woke up on time: ${formatInr(a.stake + a.share)} paid to your wallet (your ${formatInr(a.stake)} stake and ${formatInr(a.share)} winnings)`
        : `Missed: ${formatInr(a.refunded)} refunded to your wallet, ${formatInr(a.forfeit)} went to the pool`;
    case 'CANCELLED':
      return 'Cancelled: stake refunded in full';
    default: {
      const unreachable: never = c.status;
      return unreachable;
    }
  }
}

/**
 * A challenge as the API shows it, every time-dependent field computed for `now`. The stored winnings_amount is the
 * pool share; winningsAmount adds the stake (what the winner receives). `estimate` fills what settlement has not set yet.
 */
export function toChallengeView(
  c: ChallengeRecord,
  now: Date,
  tz: string,
  estimate?: OutcomeEstimate,
  charityNames?: ReadonlyMap<string, string>,
): ChallengeView {
  const pledge = c.poolMode === 'pledge';
  const donationTo = pledge ? donationDestination(charityNames, c.charityId) : null;
  const wake = zonedInstant(c.challengeDate, c.wakeUpTime, tz).getTime();
  const window = { opensAt: c.windowOpensAt, closesAt: c.windowClosesAt };
  const phase = windowPhase(window, now);
  const pending = c.status === 'PENDING';
  const processed = c.status === 'PROCESSED';
  const awaitingWin = pending || (c.status === 'COMPLETED' && c.isSuccessful === true);
  const failedUnsettled = c.status === 'COMPLETED' && c.isSuccessful === false;
  const stake = BigInt(c.stake);
  const settledShare = BigInt(c.winningsAmount);
  const forfeit = BigInt(failedUnsettled ? (estimate?.forfeit ?? c.actualForfeitAmount) : c.actualForfeitAmount);
  const share = awaitingWin && !pledge && estimate?.poolShare != null ? estimate.poolShare : null;
  return {
    id: c.id,
    challengeDate: c.challengeDate,
    wakeUpTime: c.wakeUpTime,
    forfeitAmount: toRupees(c.stake),
    status: c.status,
    statusDescription:
      processed && c.forgivenReason
        ? `${c.forgivenReason}. Your whole ${formatInr(stake)} stake is back in your wallet`
        : (pledge ? (a: Amounts) => describePledge(c, phase, a, donationTo!) : (a: Amounts) => describe(c, phase, a))({
            stake,
            share: settledShare,
            forfeit,
            refunded: BigInt(c.refundedAmount),
          }),
    isCompleted: c.status === 'COMPLETED' || c.status === 'PROCESSED',
    isSuccessful: c.isSuccessful,
    canCheckIn: pending && phase === 'OPEN',
    isWithinGracePeriod: pending && phase === 'OPEN',
    gracePeriodStartTime: new Date(wake - WINDOW_BEFORE_MINUTES * 60_000).toISOString(),
    gracePeriodEndTime: new Date(wake + WINDOW_AFTER_MINUTES * 60_000).toISOString(),
    windowClosesAt: c.windowClosesAt.toISOString(),
    isOverdue: pending && phase === 'CLOSED',
    timeRemainingMinutes: pending ? timeRemainingMinutes(window, now) : 0,
    checkInTime: c.checkInTime ? c.checkInTime.toISOString() : null,
    verificationMethod: c.verificationMethod,
    checkInLocation: c.checkInLocation,
    notes: c.notes,
    hasPhoto: c.photoPath !== null,
    winningsAmount: c.isSuccessful !== true ? 0 : toRupees(processed ? stake + settledShare : stake),
    poolShare: processed ? toRupees(settledShare) : null,
    estimatedWinnings: share === null ? null : toRupees(stake + share),
    estimatedPoolShare: share === null ? null : toRupees(share),
    netResult: netResultOf(c),
    failureReason: c.failureReason,
    forgivenReason: processed ? (c.forgivenReason ?? null) : null,
    actualForfeitAmount: toRupees(forfeit),
    refundedAmount: toRupees(c.refundedAmount),
    isTest: c.isTest,
    poolMode: pledge ? 'pledge' : 'pool',
    charityId: c.charityId ?? null,
    donationTo,
    proof: c.proof ?? 'NONE',
    mission: c.mission ?? 'NONE',
    proofStatus: c.proofStatus ?? null,
    createdAt: c.createdAt.toISOString(),
    processedAt: c.processedAt ? c.processedAt.toISOString() : null,
    cancelledAt: c.cancelledAt ? c.cancelledAt.toISOString() : null,
  };
}
