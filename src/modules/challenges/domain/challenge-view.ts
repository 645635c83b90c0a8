import { toRupees } from '../../../common/money.js';
import { zonedInstant } from '../../../common/time.js';
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
  winningsAmount: bigint;
  actualForfeitAmount: bigint;
  refundedAmount: bigint;
  isTest: boolean;
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
  winningsAmount: number;
  failureReason: string | null;
  actualForfeitAmount: number;
  refundedAmount: number;
  isTest: boolean;
  createdAt: string;
  processedAt: string | null;
  cancelledAt: string | null;
}

function describe(c: ChallengeRecord, phase: 'BEFORE' | 'OPEN' | 'CLOSED'): string {
  switch (c.status) {
    case 'PENDING':
      if (phase === 'BEFORE') return 'Waiting for the check-in window to open';
      if (phase === 'OPEN') return 'Check-in window is open: time to wake up!';
      return 'Check-in window has closed';
    case 'COMPLETED':
      return c.isSuccessful ? 'Woke up on time: awaiting settlement' : `Failed: ${c.failureReason ?? 'not checked in on time'}`;
    case 'PROCESSED':
      return c.isSuccessful ? 'Settled: stake and winnings paid' : 'Settled: partial refund paid';
    case 'CANCELLED':
      return 'Cancelled: stake refunded in full';
    default: {
      const unreachable: never = c.status;
      return unreachable;
    }
  }
}

/** A challenge as the API shows it, every time-dependent field computed for `now`. */
export function toChallengeView(c: ChallengeRecord, now: Date, tz: string): ChallengeView {
  const wake = zonedInstant(c.challengeDate, c.wakeUpTime, tz).getTime();
  const window = { opensAt: c.windowOpensAt, closesAt: c.windowClosesAt };
  const phase = windowPhase(window, now);
  const pending = c.status === 'PENDING';
  return {
    id: c.id,
    challengeDate: c.challengeDate,
    wakeUpTime: c.wakeUpTime,
    forfeitAmount: toRupees(c.stake),
    status: c.status,
    statusDescription: describe(c, phase),
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
    winningsAmount: toRupees(c.winningsAmount),
    failureReason: c.failureReason,
    actualForfeitAmount: toRupees(c.actualForfeitAmount),
    refundedAmount: toRupees(c.refundedAmount),
    isTest: c.isTest,
    createdAt: c.createdAt.toISOString(),
    processedAt: c.processedAt ? c.processedAt.toISOString() : null,
    cancelledAt: c.cancelledAt ? c.cancelledAt.toISOString() : null,
  };
}
