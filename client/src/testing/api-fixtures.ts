// Whole API answers for tests, in the server's shapes (src/types/api.ts): override only what a test is about.
import type { Schemas, User } from '@/types/api';

type Challenge = Schemas['Challenge'];

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'asha@example.com',
    fullName: 'Asha Rao',
    phoneNumber: '+919876543210',
    city: 'Pune',
    occupation: 'student',
    institutionName: null,
    emergencyContact: null,
    preferredWakeUpTime: null,
    dateOfBirth: null,
    gender: null,
    sleepChallenges: [],
    balance: 500,
    currentStreak: 0,
    longestStreak: 0,
    totalSuccessfulWakeUps: 0,
    totalChallenges: 0,
    totalEarnings: 0,
    totalLosses: 0,
    successRate: 0,
    isEmailVerified: true,
    isPhoneVerified: false,
    profilePictureUrl: null,
    // false: the client decides from the fields, so a test can leave one out
    isProfileComplete: false,
    role: 'USER',
    hasPassword: true,
    settings: {
      notifications: { email: true, challengeReminders: true, walletUpdates: true },
      privacy: { showOnLeaderboard: false, shareUsageData: false },
      reminders: { push: true, mail: true, quietHours: null },
    },
    termsVersion: '2026-11-01',
    termsAcceptedAt: '2026-11-01T00:00:00.000Z',
    currentTermsVersion: '2026-11-01',
    mustAcceptTerms: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A PENDING challenge for 2026-11-23 06:00 IST, window 05:45–06:10 (closes 06:11). */
export function makeChallenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: 'c1',
    challengeDate: '2026-11-23',
    wakeUpTime: '06:00',
    forfeitAmount: 25,
    status: 'PENDING',
    statusDescription: 'Waiting for the check-in window to open',
    isCompleted: false,
    isSuccessful: null,
    canCheckIn: false,
    isWithinGracePeriod: false,
    gracePeriodStartTime: '2026-11-23T00:15:00.000Z',
    gracePeriodEndTime: '2026-11-23T00:40:00.000Z',
    windowClosesAt: '2026-11-23T00:41:00.000Z',
    isOverdue: false,
    timeRemainingMinutes: 0,
    checkInTime: null,
    verificationMethod: null,
    checkInLocation: null,
    notes: null,
    hasPhoto: false,
    winningsAmount: 0,
    poolShare: null,
    estimatedWinnings: null,
    estimatedPoolShare: null,
    failureReason: null,
    forgivenReason: null,
    actualForfeitAmount: 0,
    refundedAmount: 0,
    isTest: false,
    poolMode: 'pool',
    charityId: null,
    donationTo: null,
    netResult: null,
    proof: 'NONE',
    proofStatus: null,
    mission: 'NONE',
    createdAt: '2026-11-22T12:00:00.000Z',
    processedAt: null,
    cancelledAt: null,
    ...overrides,
  };
}

/** A date for today's-card tests and an IST instant on it ("06:02:00"). */
export const CARD_DATE = '2026-11-23';
export const istOn = (t: string, date = CARD_DATE) => new Date(`${date}T${t}+05:30`);

/** A challenge on CARD_DATE whose check-in window runs 5:45–6:10 AM IST (closing at 6:11). */
export function makeCardChallenge(overrides: Partial<Challenge> = {}): Challenge {
  return makeChallenge({
    challengeDate: CARD_DATE,
    gracePeriodStartTime: istOn('05:45:00').toISOString(),
    gracePeriodEndTime: istOn('06:10:00').toISOString(),
    windowClosesAt: istOn('06:11:00').toISOString(),
    ...overrides,
  });
}
