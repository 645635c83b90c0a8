// Shapes of the challenges API (ARCHITECTURE.md "Response shapes"; src/modules/challenges/domain/challenge-view.ts).

import type { SettlementReceipt } from '@/types/settlement';

export type ChallengeStatus = 'PENDING' | 'COMPLETED' | 'PROCESSED' | 'CANCELLED';

export interface Challenge {
  id: string;
  /** YYYY-MM-DD, Asia/Kolkata */
  challengeDate: string;
  /** HH:mm, Asia/Kolkata wall clock */
  wakeUpTime: string;
  forfeitAmount: number;
  status: ChallengeStatus | string;
  statusDescription?: string;
  isCompleted?: boolean;
  isSuccessful: boolean | null;
  canCheckIn: boolean;
  isWithinGracePeriod: boolean;
  /** ISO instant: wake-up − 15 min */
  gracePeriodStartTime: string;
  /** ISO instant: wake-up + 10 min (the last on-time minute) */
  gracePeriodEndTime: string;
  /** ISO instant: wake-up + 11 min (the first late instant) */
  windowClosesAt?: string;
  isOverdue?: boolean;
  timeRemainingMinutes?: number;
  checkInTime?: string | null;
  verificationMethod?: 'MANUAL' | 'PHOTO' | null;
  winningsAmount: number;
  failureReason: string | null;
  actualForfeitAmount: number;
  refundedAmount?: number;
  isTest?: boolean;
  /** fixed at creation: pledge = stake back on success, a miss's forfeit donated to `donationTo` */
  poolMode?: 'pool' | 'pledge';
  charityId?: string | null;
  donationTo?: string | null;
  createdAt?: string;
  processedAt?: string | null;
}

export interface ChallengeList {
  challenges: Challenge[];
  page: number;
  size: number;
  total: number;
}

export interface ChallengeStats {
  totalChallenges: number;
  successfulChallenges: number;
  failedChallenges: number;
  currentStreak: number;
  longestStreak: number;
  successRate: number;
  totalEarnings: number;
  totalLosses: number;
}

export interface CanCreateResult {
  canCreate: boolean;
  reason?: string;
}

export interface CreateChallengeInput {
  challengeDate: string;
  wakeUpTime: string;
  forfeitAmount: number;
  /** pledge mode: the charity picked from GET /config */
  charityId?: string;
}

export interface VerifyInput {
  challengeId: string;
  verificationMethod: 'MANUAL' | 'PHOTO';
  photo?: File | null;
  checkInLocation?: string;
  notes?: string;
}

export interface VerifyResult {
  challenge: Challenge;
  data?: { isSuccessful: boolean; winningsAmount: number };
  message?: string;
}

export interface StreakStatistics {
  startDate: string;
  endDate: string;
  totalChallenges: number;
  successfulChallenges: number;
  failedChallenges: number;
  pendingChallenges: number;
  successRate: number;
  totalEarnings: number;
  totalLosses: number;
  longestStreakInRange: number;
  daily: { date: string; successful: number; failed: number; pending: number }[];
}

export interface Earnings {
  earnings: { date: string; winnings: number; losses: number; net: number }[];
  totalWinnings: number;
  totalLosses: number;
  netEarnings: number;
}

export type ReceiptView = SettlementReceipt;

export interface UserSettlement {
  date: string;
  status: string;
  batch?: number;
  receipt: ReceiptView;
  yourLines: {
    challengeId: string;
    lineNo: number;
    stake: number;
    isSuccessful: boolean;
    refund: number;
    winnings: number;
    payout: number;
    paid: boolean;
    /** pledge mode: what the miss donated, and to which charity (null: the platform) */
    donated?: number;
    charityId?: string | null;
  }[];
}

export interface TestChallengeResult {
  challengeId: string;
  status: string;
  forfeitDeducted: number;
  challenge?: Challenge;
}
