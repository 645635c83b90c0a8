/** The contract's component schemas (SCHEMAS, named in components.schemas) and the answers the routes share. */
import {
  type Schema,
  arr,
  bool,
  boolOrNull,
  dateTime,
  dateTimeOrNull,
  flags,
  int,
  obj,
  ok,
  open,
  paging,
  ref,
  rupees,
  rupeesOrNull,
  str,
  strOrNull,
} from './schema-kit.js';
import {
  settlementAlertSchema,
  ledgerVerificationSchema,
  queueSummarySchema,
  queueJobSchema,
  manualPayoutSchema,
  supportUserSchema,
  supportChallengeRowSchema,
  ledgerLinksSchema,
  relatedEntrySchema,
  walletEntrySchema,
  outcome,
  challengeStorySchema,
} from './schemas-support.js';
import { outboxMailSchema, suspenseAccountSchema, healthProbeSchema } from './schemas-ops.js';
import { appealSchema, outageSchema, supportAppealSchema, supportOutageSchema } from './schemas-appeals.js';
import { poolPreviewSchema, receiptSchema, settlementRunSchema, userSettlementSchema } from './schemas-settlement.js';
/** settings.reminders: reminder channels and quiet hours (IST, may cross midnight; never the booked window). */
const reminderSettings = obj({
  push: bool,
  mail: bool,
  quietHours: { ...obj({ start: { ...str, example: '22:00' }, end: { ...str, example: '07:00' } }), nullable: true },
});

export const challengeSchema = obj({
  id: str,
  challengeDate: { type: 'string', format: 'date', example: '2026-11-23' },
  wakeUpTime: { type: 'string', example: '06:00' },
  forfeitAmount: rupees(50),
  status: { type: 'string', enum: ['PENDING', 'COMPLETED', 'PROCESSED', 'CANCELLED'] },
  statusDescription: str,
  isCompleted: bool,
  isSuccessful: boolOrNull,
  canCheckIn: bool,
  isWithinGracePeriod: bool,
  gracePeriodStartTime: dateTime,
  gracePeriodEndTime: dateTime,
  windowClosesAt: dateTime,
  isOverdue: bool,
  timeRemainingMinutes: int,
  checkInTime: dateTimeOrNull,
  verificationMethod: { type: 'string', enum: ['MANUAL', 'PHOTO'], nullable: true },
  checkInLocation: strOrNull,
  notes: strOrNull,
  hasPhoto: bool,
  winningsAmount: {
    ...rupees(57.5),
    description: 'what a win pays: the stake back plus the pool share once settled; the stake while awaiting settlement; 0 otherwise',
  },
  poolShare: { ...rupeesOrNull, description: 'the pool share once settled (0 for a failed challenge); null before' },
  estimatedWinnings: {
    ...rupeesOrNull,
    description:
      'before settlement, on reads (GET by id, list, date, status): the stake plus a share of the date’s pool as it stands; null once settled, for a failed one, and in the create, cancel and check-in answers (no pool read there)',
  },
  estimatedPoolShare: rupeesOrNull,
  netResult: {
    ...rupeesOrNull,
    example: -4.5,
    description:
      'once settled (PROCESSED), signed rupees of what that morning did to the wallet: a win → the pool share (0 when nobody missed); a miss → minus the 15% kept; a forgiven or returned stake → 0. null before settlement (and when cancelled)',
  },
  failureReason: strOrNull,
  forgivenReason: {
    ...strOrNull,
    description: 'a miss settled as forgiven because our service was down during its window: why (its whole stake came back); null otherwise',
  },
  actualForfeitAmount: { ...rupees(7.5), description: '15% of the stake of a failed challenge, from the failed check-in on' },
  refundedAmount: rupees(),
  isTest: bool,
  poolMode: {
    type: 'string',
    enum: ['pool', 'pledge'],
    description: 'POOL_MODE fixed at creation: pledge = the stake back on success, a miss’s forfeit donated (no winnings)',
  },
  charityId: strOrNull,
  donationTo: { ...strOrNull, description: 'pledge mode: where a miss’s forfeit goes (the charity’s name, or the platform)' },
  proof: {
    type: 'string',
    enum: ['NONE', 'PHOTO'],
    description:
      'proof of wake, fixed at creation: PHOTO needs a new photo at check-in (multipart, verificationMethod=PHOTO) and settles in the date’s PHOTO pool',
  },
  proofStatus: {
    type: 'string',
    enum: ['PENDING_REVIEW', 'ACCEPTED', 'REJECTED'],
    nullable: true,
    description: 'a PHOTO check-in’s review (unreviewed photos settle as ACCEPTED; REJECTED settles as a miss); null otherwise',
  },
  mission: {
    type: 'string',
    enum: ['NONE', 'MATH', 'TYPING', 'WAKE_TAG'],
    description:
      'wake mission, fixed at creation: a task the app sets before its Check In unlocks (3 sums, a sentence to type, or scanning the person’s wake tag); NONE by default',
  },
  createdAt: dateTime,
  processedAt: dateTimeOrNull,
  cancelledAt: dateTimeOrNull,
});
export const challenge = ref('Challenge');
export const challengeList = obj({ success: bool, challenges: arr(challenge), ...paging });

/** src/modules/identity/domain/user-view.ts */
export const userSchema = obj({
  id: str,
  email: str,
  fullName: str,
  phoneNumber: strOrNull,
  city: strOrNull,
  occupation: strOrNull,
  institutionName: strOrNull,
  emergencyContact: strOrNull,
  preferredWakeUpTime: strOrNull,
  dateOfBirth: { ...strOrNull, format: 'date' },
  gender: strOrNull,
  sleepChallenges: arr(str),
  balance: rupees(500),
  currentStreak: int,
  longestStreak: int,
  totalSuccessfulWakeUps: int,
  totalChallenges: int,
  totalEarnings: rupees(),
  totalLosses: rupees(),
  successRate: { type: 'number' },
  isEmailVerified: bool,
  isPhoneVerified: bool,
  profilePictureUrl: strOrNull,
  isProfileComplete: bool,
  role: { type: 'string', enum: ['USER', 'SUPPORT'] },
  hasPassword: { ...bool, description: 'false for a Google-only account (no password to change yet)' },
  settings: obj({
    notifications: flags(['email', 'challengeReminders', 'walletUpdates']),
    privacy: flags(['showOnLeaderboard', 'shareUsageData']),
    reminders: reminderSettings,
  }),
  termsVersion: { ...strOrNull, description: 'the terms version accepted (null: not recorded)' },
  termsAcceptedAt: dateTimeOrNull,
  currentTermsVersion: str,
  mustAcceptTerms: { ...bool, description: 'true until the version in force is accepted (POST /auth/accept-terms)' },
  createdAt: dateTime,
});
/** src/modules/challenges/limits/domain/self-limits.ts */
export const selfLimitsSchema = obj({
  monthlyStakeCap: rupeesOrNull,
  pendingMonthlyStakeCap: {
    ...obj({ monthlyStakeCap: rupeesOrNull, effectiveAt: dateTime }),
    nullable: true,
    description: 'a higher cap (or none) holding from effectiveAt',
  },
  month: { type: 'string', example: '2026-11' },
  monthStaked: rupees(60),
  monthRemaining: rupeesOrNull,
  isPaused: bool,
  pausedUntil: dateTimeOrNull,
  coolingOffHours: int,
  pauseDayOptions: arr(int),
  minMonthlyStakeCap: rupees(10),
  maxMonthlyStakeCap: rupees(3100),
});
/** Register, login, Google: the user with the token (src/modules/identity/domain/user-view.ts). */
export const authSchema = {
  allOf: [{ $ref: '#/components/schemas/User' }, obj({ success: bool, token: str, userId: str, message: str }, ['success', 'token', 'userId'])],
};

export const transactionSchema = obj(
  {
    id: str,
    type: { type: 'string', enum: ['DEPOSIT', 'FORFEIT', 'REFUND', 'WINNINGS', 'WITHDRAWAL', 'WITHDRAWAL_REVERSAL', 'ADJUSTMENT'] },
    amount: rupees(100),
    netAmount: rupees(98),
    processingFee: rupees(2),
    debit: bool,
    credit: bool,
    status: { type: 'string', enum: ['PENDING', 'SUCCESS', 'FAILED'] },
    reference: str,
    description: str,
    timestamp: dateTime,
    createdAt: dateTime,
  },
  ['id', 'type', 'amount', 'debit', 'credit', 'status', 'timestamp', 'createdAt'],
);
export const withdrawalResultSchema = obj({ transactionId: str, amount: rupees(500), processingFee: rupees(2), netAmount: rupees(498), status: str }, [
  'transactionId',
  'amount',
  'processingFee',
  'netAmount',
  'status',
]);
export const notificationSchema = obj({
  id: str,
  type: str,
  title: str,
  message: str,
  data: open('what the notification is about'),
  isRead: bool,
  readAt: dateTimeOrNull,
  createdAt: dateTime,
});
export const paymentMethodSchema = obj(
  {
    type: { type: 'string', enum: ['UPI', 'BANK_TRANSFER'] },
    upiId: str,
    accountNumber: str,
    ifscCode: str,
    accountHolderName: str,
    bankName: str,
    lastUsedAt: dateTime,
    uses: int,
  },
  ['type', 'lastUsedAt', 'uses'],
);
export const earningDaySchema = obj({ date: { type: 'string', format: 'date' }, winnings: rupees(2.5), losses: rupees(0), net: rupees(2.5) });
/** src/modules/challenges/plans/domain/plan-view.ts */
export const challengePlanSchema = obj({
  id: str,
  weekdays: { ...arr(int), description: 'ISO weekdays, 1 Monday … 7 Sunday' },
  wakeUpTime: { type: 'string', example: '06:00' },
  forfeitAmount: rupees(50),
  startDate: { type: 'string', format: 'date' },
  endDate: { type: 'string', format: 'date' },
  status: { type: 'string', enum: ['ACTIVE', 'PAUSED', 'CANCELLED'] },
  charityId: { ...strOrNull, description: 'pledge mode: where a missed planned morning’s forfeit goes (null: the operator’s default)' },
  proof: { type: 'string', enum: ['NONE', 'PHOTO'], description: 'carried to every challenge the plan books' },
  mission: { type: 'string', enum: ['NONE', 'MATH', 'TYPING', 'WAKE_TAG'], description: 'wake mission carried to every challenge the plan books' },
  totalDays: int,
  bookedDays: int,
  skippedDays: int,
  nextDate: {
    type: 'string',
    format: 'date',
    nullable: true,
    description: 'the next morning it will book (the evening before); null when paused, cancelled or over',
  },
  days: arr(
    obj({ date: { type: 'string', format: 'date' }, outcome: { type: 'string', enum: ['BOOKED', 'SKIPPED'] }, challengeId: strOrNull, reason: strOrNull }),
  ),
  createdAt: dateTime,
});
export const plan = ok(obj({ plan: ref('ChallengePlan') }));
/** GET /config (src/health/health.controller.ts). */
export const appConfigSchema = obj({
  testMode: bool,
  paymentsProvider: { type: 'string', enum: ['sandbox', 'razorpay'] },
  razorpayKeyId: str,
  googleClientId: strOrNull,
  timezone: { type: 'string', example: 'Asia/Kolkata' },
  poolMode: {
    type: 'string',
    enum: ['pool', 'pledge'],
    description: 'what new challenges are staked under: pledge = the stake back on success, a miss’s forfeit donated (no winnings)',
  },
  charities: { ...arr(obj({ id: str, name: str })), description: 'where a pledge-mode miss may go (first = default; empty: the platform)' },
  termsVersion: { ...str, description: 'the version of the Terms of use and Privacy policy in force: what the sign-up box accepts' },
  grievanceOfficer: {
    ...obj({ name: str, email: str, phone: strOrNull, address: strOrNull, responseDays: int }),
    description: 'who hears complaints, and within how many days they answer',
  },
  rules: {
    ...obj({
      stake: obj({ min: rupees(10), max: rupees(100) }),
      wakeUp: obj({ earliest: { type: 'string', example: '04:00' }, latest: { type: 'string', example: '07:00' }, stepMinutes: int }),
      checkIn: obj({ minutesBefore: int, minutesAfter: int }),
      minBalanceToStake: { ...rupees(50), description: 'staking needs a balance strictly above this' },
      minBalanceRule: { type: 'string', example: 'You need more than ₹50 in your wallet to stake' },
      missRefundPercent: int,
      withdrawal: obj({
        minimum: { ...rupees(100), description: 'a partial withdrawal: at least this, whole rupees' },
        maximum: { ...rupees(25000), description: 'a partial withdrawal: at most this (the whole balance has no upper bound)' },
        wholeBalanceAnyAmount: { ...bool, description: 'the whole balance can always be withdrawn: any amount, paise included' },
        fees: obj({ UPI: rupees(2), BANK_TRANSFER: rupees(5) }),
        feeFreeBelow: { ...rupees(100), description: 'a whole-balance withdrawal below this carries no fee' },
      }),
      deposit: obj({ min: rupees(10), max: rupees(100000) }),
    }),
    description: 'The money and time rules the server enforces (rupees; times HH:MM in the app timezone, IST)',
  },
});
/** GET /streaks/statistics (ChallengesService.statistics). */
export const streakStatisticsSchema = obj({
  startDate: { type: 'string', format: 'date' },
  endDate: { type: 'string', format: 'date' },
  totalChallenges: int,
  successfulChallenges: int,
  failedChallenges: int,
  pendingChallenges: int,
  successRate: { type: 'number' },
  totalEarnings: rupees(),
  totalLosses: rupees(),
  longestStreakInRange: int,
  daily: arr(obj({ date: { type: 'string', format: 'date' }, successful: int, failed: int, pending: int })),
});
/** POST /wallet/verify-payment's data (VerifyDepositHandler.answer). */
export const paymentVerificationSchema = obj({
  orderId: str,
  paymentId: strOrNull,
  transactionId: str,
  amount: rupees(500),
  status: { type: 'string', enum: ['PENDING', 'SUCCESS', 'FAILED'] },
  balance: rupees(1250.5),
});
export const streaks = obj({ currentStreak: int, longestStreak: int, totalSuccessfulWakeUps: int }, ['currentStreak', 'longestStreak']);
/** GET /shields (src/modules/challenges/limits/domain/shield-rules.ts, shieldSummary). */
export const shieldsSchema = obj({ held: int, max: int, morningsPerShield: int, nextShieldIn: int, atCap: bool, earned: int, spent: int });
/** GET /challenges/{id}/still-awake: the moment stays hidden until it is asked. */
export const stillAwakeCheckSchema = obj(
  {
    challengeId: str,
    status: { type: 'string', enum: ['SCHEDULED', 'ASKING', 'EXPIRED', 'ANSWERED', 'MISSED', 'VOID'] },
    askedAt: { type: 'string', format: 'date-time', nullable: true },
    deadlineAt: { type: 'string', format: 'date-time', nullable: true },
    answeredAt: { type: 'string', format: 'date-time', nullable: true },
  },
  ['challengeId', 'status'],
);
export { outboxMailSchema, suspenseAccountSchema, healthProbeSchema };
export const user = ref('User');
export const auth = ref('AuthResponse');
export const transaction = ref('Transaction');
export const withdrawalResult = ref('WithdrawalResult');
export const notification = ref('Notification');
export const paymentMethod = ref('PaymentMethod');
export const earningDay = ref('EarningDay');
export const SCHEMAS: Record<string, Schema> = {
  Challenge: challengeSchema,
  User: userSchema,
  AuthResponse: authSchema,
  Passkey: obj({ id: str, createdAt: dateTime, lastUsedAt: dateTimeOrNull, transports: { type: 'array', items: { type: 'string', example: 'internal' } } }),
  Transaction: transactionSchema,
  WithdrawalResult: withdrawalResultSchema,
  Notification: notificationSchema,
  PaymentMethod: paymentMethodSchema,
  EarningDay: earningDaySchema,
  SettlementReceipt: receiptSchema,
  UserSettlement: userSettlementSchema,
  AppConfig: appConfigSchema,
  StreakStatistics: streakStatisticsSchema,
  PaymentVerification: paymentVerificationSchema,
  SettlementRun: settlementRunSchema,
  SettlementAlert: settlementAlertSchema,
  LedgerVerification: ledgerVerificationSchema,
  QueueSummary: queueSummarySchema,
  QueueJob: queueJobSchema,
  ManualPayout: manualPayoutSchema,
  SupportUser: supportUserSchema,
  SupportChallengeRow: supportChallengeRowSchema,
  LedgerLinks: ledgerLinksSchema,
  RelatedEntry: relatedEntrySchema,
  WalletEntry: walletEntrySchema,
  ChallengeStory: challengeStorySchema,
  ChallengePlan: challengePlanSchema,
  PoolPreview: poolPreviewSchema,
  Appeal: appealSchema,
  SupportAppeal: supportAppealSchema,
  Outage: outageSchema,
  SupportOutage: supportOutageSchema,
  OutboxMail: outboxMailSchema,
  SuspenseAccount: suspenseAccountSchema,
  HealthProbe: healthProbeSchema,
};
