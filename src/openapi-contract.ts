import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The answers of every route, as OpenAPI schemas, keyed "METHOD /api/v1/path". setupOpenApi() writes them into the
 * generated document; a route missing here has no 2xx schema and test/e2e/contract-openapi.e2e-spec.ts fails.
 * Money is rupees (JSON numbers, at most 2 decimals).
 */
type Schema = Record<string, unknown>;

const str = { type: 'string' };
const strOrNull = { type: 'string', nullable: true };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const boolOrNull = { type: 'boolean', nullable: true };
const rupees = (example?: number): Schema => ({ type: 'number', description: 'rupees', ...(example === undefined ? {} : { example }) });
const rupeesOrNull = { type: 'number', description: 'rupees', nullable: true };
const dateTime = { type: 'string', format: 'date-time' };
const dateTimeOrNull = { type: 'string', format: 'date-time', nullable: true };
const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)): Schema => ({ type: 'object', required, properties });
const arr = (items: Schema): Schema => ({ type: 'array', items });
/** An object whose fields this document does not pin down (support and operations views). */
const open = (description: string): Schema => ({ type: 'object', description, additionalProperties: true });

const ok = (data: Schema, extra: Record<string, unknown> = {}): Schema => obj({ success: { type: 'boolean', example: true }, data, ...extra }, ['success', 'data']);
const message = obj({ success: { type: 'boolean', example: true }, message: str }, ['success', 'message']);
const paging = { page: int, size: int, total: int };

const challengeSchema = obj(
  {
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
    winningsAmount: { ...rupees(57.5), description: 'what a win pays: the stake back plus the pool share once settled; the stake while awaiting settlement; 0 otherwise' },
    poolShare: { ...rupeesOrNull, description: 'the pool share once settled (0 for a failed challenge); null before' },
    estimatedWinnings: { ...rupeesOrNull, description: 'before settlement, on reads (GET by id, list, date, status): the stake plus a share of the date’s pool as it stands; null once settled, for a failed one, and in the create, cancel and check-in answers (no pool read there)' },
    estimatedPoolShare: rupeesOrNull,
    failureReason: strOrNull,
    forgivenReason: { ...strOrNull, description: 'a miss settled as forgiven because our service was down during its window: why (its whole stake came back); null otherwise' },
    actualForfeitAmount: { ...rupees(7.5), description: '15% of the stake of a failed challenge, from the failed check-in on' },
    refundedAmount: rupees(),
    isTest: bool,
    poolMode: { type: 'string', enum: ['pool', 'pledge'], description: 'POOL_MODE fixed at creation: pledge = the stake back on success, a miss’s forfeit donated (no winnings)' },
    charityId: strOrNull,
    donationTo: { ...strOrNull, description: 'pledge mode: where a miss’s forfeit goes (the charity’s name, or the platform)' },
    createdAt: dateTime,
    processedAt: dateTimeOrNull,
    cancelledAt: dateTimeOrNull,
  },
);
/** Named schemas, so generated client types read `components['schemas']['Challenge']`. */
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const challenge = ref('Challenge');
const challengeList = obj({ success: bool, challenges: arr(challenge), ...paging });

const flags = (names: string[]): Schema => obj(Object.fromEntries(names.map((n) => [n, bool])));
/** src/modules/identity/application/user-view.ts */
const userSchema = obj({
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
  settings: obj({ notifications: flags(['email', 'challengeReminders', 'walletUpdates']), privacy: flags(['showOnLeaderboard', 'shareUsageData']) }),
  termsVersion: { ...strOrNull, description: 'the terms version accepted (null: not recorded)' },
  termsAcceptedAt: dateTimeOrNull,
  currentTermsVersion: str,
  mustAcceptTerms: { ...bool, description: 'true until the version in force is accepted (POST /auth/accept-terms)' },
  createdAt: dateTime,
});
/** src/modules/challenges/self-limits.service.ts */
const selfLimitsSchema = obj({
  monthlyStakeCap: rupeesOrNull,
  pendingMonthlyStakeCap: { ...obj({ monthlyStakeCap: rupeesOrNull, effectiveAt: dateTime }), nullable: true, description: 'a higher cap (or none) holding from effectiveAt' },
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
/** Register, login, Google: the user with the token (src/modules/identity/application/auth.service.ts). */
const authSchema = { allOf: [{ $ref: '#/components/schemas/User' }, obj({ success: bool, token: str, userId: str, message: str }, ['success', 'token', 'userId'])] };

const transactionSchema = obj(
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
const withdrawalResultSchema = obj({ transactionId: str, amount: rupees(500), processingFee: rupees(2), netAmount: rupees(498), status: str }, ['transactionId', 'amount', 'processingFee', 'netAmount', 'status']);
const notificationSchema = obj({ id: str, type: str, title: str, message: str, data: open('what the notification is about'), isRead: bool, readAt: dateTimeOrNull, createdAt: dateTime });
const paymentMethodSchema = obj(
  { type: { type: 'string', enum: ['UPI', 'BANK_TRANSFER'] }, upiId: str, accountNumber: str, ifscCode: str, accountHolderName: str, bankName: str, lastUsedAt: dateTime, uses: int },
  ['type', 'lastUsedAt', 'uses'],
);
const earningDaySchema = obj({ date: { type: 'string', format: 'date' }, winnings: rupees(2.5), losses: rupees(0), net: rupees(2.5) });
/** src/modules/settlement/dto/settlement.view.ts */
const receiptSchema = obj(
  {
    date: { type: 'string', format: 'date' },
    batch: int,
    participants: int,
    successes: int,
    failures: { ...int, description: 'misses that lost money (forgiven misses are counted apart)' },
    forgiven: { ...int, description: 'misses forgiven because their check-in window overlapped an outage of ours: the whole stake back' },
    forgivenTotal: { ...rupees(), description: 'stakes returned whole to forgiven misses (inside refundsTotal)' },
    moneyIn: rupees(),
    refundsTotal: rupees(),
    stakesReturned: rupees(),
    pool: rupees(),
    sharesTotal: rupees(),
    roundingRemainder: rupees(),
    platformRevenue: rupees(),
    moneyOut: rupees(),
    rule: str,
    lines: arr(obj({ line: int, stake: rupees(), outcome: { type: 'string', enum: ['SUCCESS', 'FAILED', 'FORGIVEN'] }, refund: rupees(), winnings: rupees(), donated: rupees() }, ['line', 'stake', 'outcome', 'refund', 'winnings'])),
    mode: { type: 'string', enum: ['pool', 'pledge'] },
    donated: { ...rupees(), description: 'pledge: rupees donated to charities (the platform’s part is platformRevenue)' },
    donations: arr(obj({ charityId: str, name: str, challenges: int, amount: rupees() })),
  },
  ['date', 'batch', 'participants', 'successes', 'failures', 'moneyIn', 'refundsTotal', 'stakesReturned', 'pool', 'sharesTotal', 'roundingRemainder', 'platformRevenue', 'moneyOut', 'rule', 'mode'],
);
/** src/modules/settlement/queries/get-user-settlement/get-user-settlement.query.ts */
const userSettlementSchema = obj({
  date: { type: 'string', format: 'date' },
  status: { type: 'string', enum: ['RUNNING', 'SETTLED', 'FAILED'] },
  batch: int,
  receipt: { $ref: '#/components/schemas/SettlementReceipt' },
  yourLines: arr(
    obj(
      {
        challengeId: str, lineNo: int, stake: rupees(), isSuccessful: bool, refund: rupees(), winnings: rupees(), payout: rupees(), paid: bool, donated: rupees(), charityId: strOrNull,
        outcome: { type: 'string', enum: ['SUCCESS', 'FAILED', 'FORGIVEN'] },
        forgiven: {
          ...obj({ reason: str, outageId: str, kind: strOrNull, startedAt: dateTimeOrNull, endedAt: dateTimeOrNull }),
          description: 'a miss forgiven because its check-in window overlapped an outage of ours: why, and the outage',
        },
      },
      ['challengeId', 'lineNo', 'stake', 'isSuccessful', 'refund', 'winnings', 'payout', 'paid', 'outcome'],
    ),
  ),
});
/** src/modules/settlement/dto/settlement.view.ts runView and alertView (support console). */
const settlementRunSchema = obj({
  id: str,
  date: { type: 'string', format: 'date' },
  batch: int,
  status: { type: 'string', enum: ['RUNNING', 'SETTLED', 'FAILED'] },
  attempts: int,
  lastError: strOrNull,
  startedAt: dateTime,
  finishedAt: dateTimeOrNull,
  receipt: { allOf: [{ $ref: '#/components/schemas/SettlementReceipt' }], description: 'lines only on a date’s page' },
});
const settlementAlertSchema = obj({ id: str, date: { type: 'string', format: 'date' }, kind: str, message: str, createdAt: dateTime });
/** src/modules/support/support-ledger.controller.ts */
const ledgerVerificationSchema = obj({ id: str, ok: bool, checkedAt: dateTime, entries: int, accounts: int, journalSum: { ...str, description: 'paise, as text: 0 when balanced' }, problems: arr(str), runBy: strOrNull });
/** src/modules/support/infrastructure/support-queues.service.ts */
const queueSummarySchema = obj({ name: str, isPaused: bool, counts: obj({ waiting: int, active: int, failed: int, delayed: int, completed: int }) });
const queueJobSchema = obj({
  id: strOrNull,
  name: str,
  data: { description: 'the job’s data, secrets redacted' },
  failedReason: strOrNull,
  attemptsMade: int,
  timestamp: dateTimeOrNull,
  processedOn: dateTimeOrNull,
  finishedOn: dateTimeOrNull,
  delay: int,
});
/** src/modules/wallet/application/manual-payouts.service.ts */
const manualPayoutSchema = obj({
  withdrawalId: str,
  userId: str,
  userEmail: strOrNull,
  beneficiaryName: str,
  method: { type: 'string', enum: ['UPI', 'BANK_TRANSFER'] },
  upiId: strOrNull,
  accountNumber: strOrNull,
  ifscCode: strOrNull,
  bankName: strOrNull,
  amount: { ...rupees(500), description: 'rupees the user asked for' },
  fee: { ...rupees(2), description: 'rupees kept' },
  netAmount: { ...rupees(498), description: 'rupees the bank must send' },
  requestedAt: dateTime,
});
/** src/modules/support/support.views.ts userView, challengeRow, entryView; support-users.controller.ts */
const supportUserSchema = obj(
  { id: str, email: str, fullName: str, phoneNumber: strOrNull, isEmailVerified: bool, role: { type: 'string', enum: ['USER', 'SUPPORT'] }, createdAt: dateTime, deleted: bool, balance: { ...rupees(), description: 'in the search results only' } },
  ['id', 'email', 'fullName', 'phoneNumber', 'isEmailVerified', 'role', 'createdAt', 'deleted'],
);
const supportChallengeRowSchema = obj({
  id: str,
  challengeDate: { type: 'string', format: 'date' },
  wakeUpTime: str,
  stake: rupees(),
  status: { type: 'string', enum: ['PENDING', 'COMPLETED', 'PROCESSED', 'CANCELLED'] },
  isSuccessful: boolOrNull,
  checkInTime: dateTimeOrNull,
  verificationMethod: { type: 'string', enum: ['MANUAL', 'PHOTO'], nullable: true },
  failureReason: strOrNull,
  refundedAmount: rupees(),
  winningsAmount: rupees(),
  actualForfeitAmount: rupees(),
  isTest: bool,
  createdAt: dateTime,
  closedAt: dateTimeOrNull,
  processedAt: dateTimeOrNull,
  cancelledAt: dateTimeOrNull,
});
const ledgerLinksSchema = obj(
  { challengeId: str, settlementDate: { type: 'string', format: 'date' }, orderId: str, paymentId: str, gateway: str, withdrawalId: str, payoutReference: strOrNull },
  [],
);
const ledgerEntryFields = {
  entryId: str,
  postedAt: dateTime,
  reason: str,
  correlation: obj({ type: str, id: str }),
  idempotencyKey: str,
  postings: arr(obj({ account: { type: 'string', example: 'user:…:wallet' }, amount: rupees() })),
  metadata: { type: 'object', additionalProperties: true },
  links: { $ref: '#/components/schemas/LedgerLinks' },
};
/** An entry that does not touch the wallet but belongs to its story (pool moves, payouts). */
const relatedEntrySchema = obj(ledgerEntryFields);
const walletEntrySchema = obj({ ...ledgerEntryFields, amount: { ...rupees(), description: 'this wallet’s posting: positive credit, negative debit' }, runningBalance: rupees() });
/** GET /config (src/health/health.controller.ts). */
const appConfigSchema = obj({
  testMode: bool,
  paymentsProvider: { type: 'string', enum: ['sandbox', 'razorpay'] },
  razorpayKeyId: str,
  googleClientId: strOrNull,
  timezone: { type: 'string', example: 'Asia/Kolkata' },
  poolMode: { type: 'string', enum: ['pool', 'pledge'], description: 'what new challenges are staked under: pledge = the stake back on success, a miss’s forfeit donated (no winnings)' },
  charities: { ...arr(obj({ id: str, name: str })), description: 'where a pledge-mode miss may go (first = default; empty: the platform)' },
  termsVersion: { ...str, description: 'the version of the Terms of use and Privacy policy in force: what the sign-up box accepts' },
  grievanceOfficer: { ...obj({ name: str, email: str, phone: strOrNull, address: strOrNull, responseDays: int }), description: 'who hears complaints, and within how many days they answer' },
});
/** GET /streaks/statistics (ChallengesService.statistics). */
const streakStatisticsSchema = obj({
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
/** POST /wallet/verify-payment's data (DepositsService.answer). */
const paymentVerificationSchema = obj({ orderId: str, paymentId: strOrNull, transactionId: str, amount: rupees(500), status: { type: 'string', enum: ['PENDING', 'SUCCESS', 'FAILED'] }, balance: rupees(1250.5) });
const streaks = obj({ currentStreak: int, longestStreak: int, totalSuccessfulWakeUps: int }, ['currentStreak', 'longestStreak']);
/** GET /shields (src/modules/challenges/domain/shield-rules.ts, shieldSummary). */
const shieldsSchema = obj({ held: int, max: int, morningsPerShield: int, nextShieldIn: int, atCap: bool, earned: int, spent: int });
/** GET /challenges/{id}/still-awake: the moment stays hidden until it is asked. */
const stillAwakeCheckSchema = obj(
  {
    challengeId: str,
    status: { type: 'string', enum: ['SCHEDULED', 'ASKING', 'EXPIRED', 'ANSWERED', 'MISSED', 'VOID'] },
    askedAt: { type: 'string', format: 'date-time', nullable: true },
    deadlineAt: { type: 'string', format: 'date-time', nullable: true },
    answeredAt: { type: 'string', format: 'date-time', nullable: true },
  },
  ['challengeId', 'status'],
);
const user = ref('User');
const auth = ref('AuthResponse');
const transaction = ref('Transaction');
const withdrawalResult = ref('WithdrawalResult');
const notification = ref('Notification');
const paymentMethod = ref('PaymentMethod');
const earningDay = ref('EarningDay');
const SCHEMAS: Record<string, Schema> = {
  Challenge: challengeSchema,
  User: userSchema,
  AuthResponse: authSchema,
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
};
const text = (mime: string, description: string) => ({ mime, schema: { type: 'string', description } });

/** One entry a route. A `mime` answers that content type instead of JSON. */
export const RESPONSES: Record<string, Schema | { mime: string; schema: Schema }> = {
  'GET /api/v1/health/live': open('liveness'),
  'GET /api/v1/health/ready': open('readiness of PostgreSQL, Redis and migrations'),
  'GET /api/v1/health': open('state of PostgreSQL and Redis'),
  'GET /api/v1/config': ok(ref('AppConfig')),

  'POST /api/v1/auth/register': auth,
  'POST /api/v1/auth/login': auth,
  'POST /api/v1/auth/google': auth,
  'GET /api/v1/auth/profile': ok(user),
  'PUT /api/v1/auth/profile': ok(user),
  'POST /api/v1/auth/logout': message,
  'POST /api/v1/auth/verify-email': message,
  'POST /api/v1/auth/resend-verification': message,
  'POST /api/v1/auth/forgot-password': message,
  'POST /api/v1/auth/reset-password': message,
  'GET /api/v1/auth/verify-reset-token': obj({ success: bool, valid: bool, message: str }, ['success', 'valid']),
  'POST /api/v1/auth/change-password': message,
  'DELETE /api/v1/auth/account': message,
  'POST /api/v1/auth/accept-terms': ok(user, { message: str }),

  'GET /api/v1/wallet/balance': ok(obj({ balance: rupees(1250.5) })),
  'POST /api/v1/wallet/deposit': ok(obj({ orderId: { type: 'string', example: 'order_Nx1' }, amount: rupees(500), transactionId: str, currency: { type: 'string', example: 'INR' }, keyId: str }, ['orderId', 'amount', 'transactionId']), { message: str }),
  'POST /api/v1/wallet/verify-payment': obj({ success: bool, message: str, data: ref('PaymentVerification') }, ['success', 'message', 'data']),
  'POST /api/v1/wallet/webhooks/razorpay': ok(open('what the event did (credited, duplicate, ignored)')),
  'POST /api/v1/wallet/webhooks/razorpayx': ok(open('what the payout event did')),
  'POST /api/v1/wallet/sandbox/checkout': obj({ razorpay_payment_id: str, razorpay_order_id: str, razorpay_signature: str }),
  'POST /api/v1/wallet/withdraw/validate': obj(
    { success: bool, data: obj({ valid: bool, errors: arr(str), fee: rupees(2), netAmount: rupees(148), method: { type: 'string', nullable: true } }, ['valid', 'errors']), message: str },
    ['success', 'data', 'message'],
  ),
  'POST /api/v1/wallet/withdraw': ok(withdrawalResult, { message: str }),
  'GET /api/v1/wallet/transactions': ok(obj({ transactions: arr(transaction), ...paging })),
  'GET /api/v1/wallet/transactions/{id}': ok(transaction),
  'GET /api/v1/wallet/payment-methods': ok(obj({ paymentMethods: arr(paymentMethod), ...paging })),
  'GET /api/v1/wallet/earnings': ok(
    obj({ earnings: arr(earningDay), ...paging, totalWinnings: rupees(5), totalLosses: rupees(0), netEarnings: rupees(5), startDate: strOrNull, endDate: strOrNull }, ['earnings', 'page', 'size', 'total']),
  ),
  'GET /api/v1/wallet/notifications': ok(obj({ notifications: arr(notification), ...paging, unreadCount: int })),
  'PUT /api/v1/wallet/notifications/{id}/read': ok(obj({ id: str, isRead: bool }), { message: str }),

  'POST /api/v1/challenges': obj({ success: bool, message: str, challenge }, ['challenge']),
  'GET /api/v1/challenges': challengeList,
  'GET /api/v1/challenges/stats': obj({
    totalChallenges: int,
    successfulChallenges: int,
    failedChallenges: int,
    currentStreak: int,
    longestStreak: int,
    successRate: { type: 'number' },
    totalEarnings: rupees(),
    totalLosses: rupees(),
  }),
  'GET /api/v1/challenges/can-create': obj({ canCreate: bool, reason: str }, ['canCreate']),
  'GET /api/v1/challenges/date/{date}': obj({ success: bool, challenges: arr(challenge), challenge: { allOf: [challenge], nullable: true } }, ['challenges', 'challenge']),
  'GET /api/v1/challenges/status/{status}': challengeList,
  'POST /api/v1/challenges/verify': obj({ success: bool, message: str, challenge, data: obj({ isSuccessful: bool, winningsAmount: rupees(50) }) }, ['challenge', 'data']),
  'GET /api/v1/challenges/{id}': obj({ success: bool, challenge }, ['challenge']),
  'DELETE /api/v1/challenges/{id}': obj({ success: bool, message: str, challenge, refundedAmount: rupees(50) }, ['challenge', 'refundedAmount']),
  'GET /api/v1/streaks': ok(streaks),
  'GET /api/v1/streaks/statistics': ok(ref('StreakStatistics')),
  'POST /api/v1/test/challenges/create-test-challenge': obj({ success: bool, challengeId: str, status: str, forfeitDeducted: rupees(25), challenge }, ['challengeId', 'status', 'forfeitDeducted']),
  'POST /api/v1/challenge-plans': open('the recurring plan'),
  'GET /api/v1/challenge-plans': open('the user’s recurring plans'),
  'DELETE /api/v1/challenge-plans/{id}': open('the deleted plan'),
  'POST /api/v1/challenge-plans/{id}/pause': open('the paused plan'),
  'POST /api/v1/challenge-plans/{id}/resume': open('the resumed plan'),
  'POST /api/v1/challenges/{id}/appeal': open('the appeal: status OPEN, UPHELD or REFUNDED, decisionNote'),
  // issue #22: wake shields, declared leave, "Still awake?"
  'GET /api/v1/shields': ok(shieldsSchema),
  'POST /api/v1/challenges/{id}/shield': ok(obj({ challengeId: str, challengeDate: { type: 'string', format: 'date' }, refundedAmount: rupees(50), shields: shieldsSchema }), { message: str }),
  'POST /api/v1/leave': ok(obj({ date: { type: 'string', format: 'date' }, excused: arr(obj({ challengeId: str, refundedAmount: rupees(50) })) }), { message: str }),
  'GET /api/v1/leave': ok(
    obj({
      limitPerMonth: int,
      cutoffTime: { type: 'string', example: '20:00' },
      days: arr(obj({ date: { type: 'string', format: 'date' }, createdAt: { type: 'string', format: 'date-time' }, removable: bool })),
      usedByMonth: { type: 'object', additionalProperties: int, description: 'days booked per month (YYYY-MM)' },
    }),
  ),
  'DELETE /api/v1/leave/{date}': ok(obj({ date: { type: 'string', format: 'date' } }), { message: str }),
  'GET /api/v1/still-awake': ok(obj({ enabled: bool })),
  'PUT /api/v1/still-awake': ok(obj({ enabled: bool })),
  'GET /api/v1/challenges/{id}/still-awake': ok(stillAwakeCheckSchema),
  'POST /api/v1/challenges/{id}/still-awake': ok(obj({ challengeId: str, status: { type: 'string', enum: ['ANSWERED'] }, answeredAt: { type: 'string', format: 'date-time' } }), { message: str }),
  'GET /api/v1/challenges/{id}/appeal': open('the appeal: status OPEN, UPHELD or REFUNDED, decisionNote'),
  'GET /api/v1/challenges/pool': open('a date’s players, total at stake, check-ins, misses and pool so far (rupees)'),

  'GET /api/v1/settlements/{date}': ok(ref('UserSettlement')),

  'GET /api/v1/support/settlements': ok(obj({ settlements: arr(ref('SettlementRun')), alerts: arr(ref('SettlementAlert')) })),
  'GET /api/v1/support/settlements/{date}': ok(
    obj({ date: { type: 'string', format: 'date' }, status: { type: 'string', enum: ['NONE', 'RUNNING', 'SETTLED', 'FAILED'] }, batches: arr(ref('SettlementRun')), alerts: arr(ref('SettlementAlert')) }),
  ),
  'POST /api/v1/support/settlements/{date}/rerun': ok(open('the queued re-run')),
  'GET /api/v1/support/charities/statement': ok(open('POOL_MODE=pledge: a month’s donations per charity and date (rupees), with the CSV')),
  'GET /api/v1/support/charities/statement.csv': text('text/csv', 'the month’s donations per charity and date, as CSV'),
  'GET /api/v1/support/users': ok(obj({ users: arr(ref('SupportUser')) })),
  'GET /api/v1/support/users/{id}': ok(
    obj({
      user: ref('SupportUser'),
      balance: rupees(),
      stats: { ...open('the challenge statistics (rupees)'), properties: { totalChallenges: int, successfulChallenges: int, failedChallenges: int, currentStreak: int, longestStreak: int, successRate: { type: 'number' }, totalEarnings: rupees(), totalLosses: rupees(), totalDonated: rupees() } },
      challenges: arr(ref('SupportChallengeRow')),
      accessLog: arr(obj({ id: str, actorId: str, actorEmail: str, action: str, target: str, details: { type: 'object', additionalProperties: true }, createdAt: dateTime })),
    }),
  ),
  'GET /api/v1/support/users/{id}/ledger': ok(
    obj({ user: obj({ id: str, email: str, fullName: str }), account: { type: 'string', example: 'user:…:wallet' }, balance: rupees(), entries: arr(ref('WalletEntry')), related: arr(ref('RelatedEntry')) }),
  ),
  'GET /api/v1/support/challenges/{id}': ok(open('a challenge with its settlement line')),
  'GET /api/v1/support/challenges/{id}/photo': { mime: 'image/*', schema: { type: 'string', format: 'binary' } },
  'GET /api/v1/support/appeals/{id}/photo': { mime: 'image/*', schema: { type: 'string', format: 'binary' } },
  'GET /api/v1/support/ledger/verify': ok(ref('LedgerVerification')),
  'POST /api/v1/support/ledger/verify': ok(ref('LedgerVerification')),
  'GET /api/v1/support/ledger/health': ok(ref('LedgerVerification')),
  'GET /api/v1/support/queues': ok(obj({ queues: arr(ref('QueueSummary')) })),
  'GET /api/v1/support/queues/{name}/jobs': ok(obj({ queue: str, state: str, jobs: arr(ref('QueueJob')) })),
  'POST /api/v1/support/queues/{name}/jobs/{id}/retry': ok(open('the job, back to waiting')),
  'GET /api/v1/support/payouts/pending': ok(obj({ payouts: arr(ref('ManualPayout')), total: int })),
  'GET /api/v1/support/payouts/pending.csv': text('text/csv', 'manual payouts waiting, as CSV'),
  'POST /api/v1/support/payouts/{id}/paid': ok(open('the withdrawal, paid')),
  'POST /api/v1/support/payouts/{id}/failed': ok(open('the withdrawal, reversed')),
  'GET /api/v1/support/suspense': ok(open('money held for closed accounts')),
  'POST /api/v1/support/suspense/{userId}/resolve': ok(open('the resolved suspense entry')),
  'GET /api/v1/support/mail': ok(open('the mail outbox')),
  'GET /api/v1/support/appeals': ok(open('appeals to decide, paged')),
  'POST /api/v1/support/appeals/{id}/decision': ok(open('the decided appeal: UPHELD or REFUNDED, decisionNote')),
  'GET /api/v1/support/outages': ok(open('the outages overlapping a date, each with the challenges it forgave')),
  'POST /api/v1/support/outages': ok(open('the outage recorded by hand')),
  'POST /api/v1/support/outages/{id}/close': ok(open('the outage, with its end')),

  'GET /api/v1/me/limits': ok(selfLimitsSchema),
  'PUT /api/v1/me/limits': ok(selfLimitsSchema),
  'POST /api/v1/me/limits/pause': ok(selfLimitsSchema),
  'DELETE /api/v1/me/limits/pause': ok(selfLimitsSchema),
  'GET /api/v1/me/export': open('the user’s data: profile, challenges, ledger lines, notifications (?format=csv: a zip)'),
  'POST /api/v1/calendar/feed': open('the calendar feed address'),
  'GET /api/v1/calendar/feed': open('the calendar feed address'),
  'DELETE /api/v1/calendar/feed': open('the removed feed'),
  'GET /api/v1/calendar/{file}': text('text/calendar', 'the user’s challenges as iCalendar, with alarms'),
  'GET /api/v1/notifications/push/public-key': open('the VAPID public key'),
  'POST /api/v1/notifications/push/subscriptions': open('the stored subscription'),
  'DELETE /api/v1/notifications/push/subscriptions': open('the removed subscription'),
};

type Operation = {
  tags?: string[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema; example?: unknown }> }>;
  requestBody?: unknown;
  parameters?: unknown[];
};

const EXAMPLES: Record<string, unknown> = {
  'POST /api/v1/wallet/deposit': { success: true, data: { orderId: 'order_Nx1', amount: 500, transactionId: '0194c7e2-…', currency: 'INR', keyId: 'rzp_test_x' }, message: 'Payment order created' },
  'POST /api/v1/wallet/withdraw': { success: true, data: { transactionId: '0194c7e2-…', amount: 500, processingFee: 2, netAmount: 498, status: 'PENDING' } },
  'POST /api/v1/wallet/withdraw/validate': { success: true, data: { valid: true, errors: [], fee: 2, netAmount: 148, method: 'UPI' }, message: 'Withdrawal request is valid' },
  'GET /api/v1/wallet/balance': { success: true, data: { balance: 1250.5 } },
  'GET /api/v1/wallet/transactions': {
    success: true,
    data: { transactions: [{ id: '…', type: 'WINNINGS', amount: 7.5, debit: false, credit: true, status: 'SUCCESS', reference: '…', description: 'Winnings from the daily pool', timestamp: '2026-11-23T09:30:00.000Z', createdAt: '2026-11-23T09:30:00.000Z' }], page: 0, size: 20, total: 1 },
  },
  'POST /api/v1/wallet/verify-payment': { success: true, message: 'Payment verified successfully', data: { orderId: 'order_Nx1', paymentId: 'pay_Nx1', transactionId: '0194c7e2-…', amount: 500, status: 'SUCCESS', balance: 1750.5 } },
};

const REQUEST_BODIES: Record<string, unknown> = {
  'POST /api/v1/challenges/{id}/appeal': {
    required: true,
    description: 'JSON `{ reason }`, or multipart/form-data with a `reason` field and an optional `photo` file (JPEG or PNG, up to 5 MB).',
    content: {
      'application/json': { schema: obj({ reason: str }, ['reason']) },
      'multipart/form-data': { schema: obj({ reason: str, photo: { type: 'string', format: 'binary' } }, ['reason']) },
    },
  },
  'POST /api/v1/challenges/verify': {
    required: true,
    description: 'JSON, or multipart/form-data with the same fields and a `photo` file (JPEG or PNG, up to 5 MB) for PHOTO verification.',
    content: {
      'application/json': {
        schema: obj({ challengeId: str, verificationMethod: { type: 'string', enum: ['MANUAL', 'PHOTO'] }, checkInLocation: str, notes: str }, ['challengeId', 'verificationMethod']),
      },
      'multipart/form-data': {
        schema: obj(
          { challengeId: str, verificationMethod: { type: 'string', enum: ['MANUAL', 'PHOTO'] }, checkInLocation: str, notes: str, photo: { type: 'string', format: 'binary' } },
          ['challengeId', 'verificationMethod'],
        ),
      },
    },
  },
  'POST /api/v1/wallet/webhooks/razorpay': {
    required: true,
    description: 'Razorpay’s event as sent: the signature is checked over these raw bytes.',
    content: { 'application/json': { schema: open('a Razorpay event (payment.captured is credited once)') } },
  },
};

const HEADERS: Record<string, unknown[]> = {
  'POST /api/v1/wallet/webhooks/razorpay': [
    { name: 'X-Razorpay-Signature', in: 'header', required: true, description: 'HMAC-SHA256 of the raw body with the webhook secret (hex)', schema: str },
    { name: 'X-Razorpay-Event-Id', in: 'header', required: false, description: 'Razorpay’s event id (deduplication)', schema: str },
  ],
};

/** Writes the answers above into the generated document (2xx schemas, bodies, headers, examples, a tag by module). */
export function applyContract(doc: OpenAPIObject): OpenAPIObject {
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...SCHEMAS } };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      const key = `${method.toUpperCase()} ${path}`;
      if (!op.tags?.length) op.tags = [path.split('/')[3] ?? 'system'];
      const entry = RESPONSES[key];
      const ok = Object.keys(op.responses).find((s) => s.startsWith('2'));
      if (entry && ok) {
        const { mime, schema } = 'mime' in entry && typeof entry.mime === 'string' ? (entry as { mime: string; schema: Schema }) : { mime: 'application/json', schema: entry as Schema };
        op.responses[ok] = {
          description: op.responses[ok].description || 'Success',
          content: { [mime]: { schema, ...(EXAMPLES[key] ? { example: EXAMPLES[key] } : {}) } },
        };
      }
      if (REQUEST_BODIES[key]) op.requestBody = REQUEST_BODIES[key];
      if (HEADERS[key]) op.parameters = [...(op.parameters ?? []), ...HEADERS[key]];
    }
  }
  return doc;
}
