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
  ['id', 'challengeDate', 'wakeUpTime', 'forfeitAmount', 'status', 'statusDescription', 'isSuccessful', 'winningsAmount', 'actualForfeitAmount'],
);
/** Named schemas, so generated client types read `components['schemas']['Challenge']`. */
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const challenge = ref('Challenge');
const challengeList = obj({ success: bool, challenges: arr(challenge), ...paging });

const userSchema = obj(
  {
    id: str,
    email: str,
    fullName: str,
    phoneNumber: strOrNull,
    city: strOrNull,
    occupation: strOrNull,
    preferredWakeUpTime: strOrNull,
    balance: rupees(500),
    isEmailVerified: bool,
    isPhoneVerified: bool,
    isProfileComplete: bool,
  },
  ['id', 'email', 'fullName'],
);
const authSchema = obj(
  { success: bool, token: str, userId: str, email: str, fullName: str, phoneNumber: strOrNull, isEmailVerified: bool, isPhoneVerified: bool },
  ['token', 'userId', 'email', 'fullName'],
);

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
const streaks = obj({ currentStreak: int, longestStreak: int, totalSuccessfulWakeUps: int }, ['currentStreak', 'longestStreak']);
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
};
const text = (mime: string, description: string) => ({ mime, schema: { type: 'string', description } });

/** One entry a route. A `mime` answers that content type instead of JSON. */
export const RESPONSES: Record<string, Schema | { mime: string; schema: Schema }> = {
  'GET /api/v1/health/live': open('liveness'),
  'GET /api/v1/health/ready': open('readiness of PostgreSQL, Redis and migrations'),
  'GET /api/v1/health': open('state of PostgreSQL and Redis'),
  'GET /api/v1/config': open('public settings the client reads (Razorpay key id, Google client id, flags)'),

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

  'GET /api/v1/wallet/balance': ok(obj({ balance: rupees(1250.5) })),
  'POST /api/v1/wallet/deposit': ok(obj({ orderId: { type: 'string', example: 'order_Nx1' }, amount: rupees(500), transactionId: str, currency: { type: 'string', example: 'INR' }, keyId: str }, ['orderId', 'amount', 'transactionId']), { message: str }),
  'POST /api/v1/wallet/verify-payment': obj({ success: bool, message: str, data: open('the credited deposit') }, ['success', 'message']),
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
  'GET /api/v1/streaks/statistics': ok(open('counts and a daily series of successes and failures')),
  'POST /api/v1/test/challenges/create-test-challenge': obj({ success: bool, challengeId: str, status: str, forfeitDeducted: rupees(25), challenge }, ['challengeId', 'status', 'forfeitDeducted']),
  'POST /api/v1/challenge-plans': open('the recurring plan'),
  'GET /api/v1/challenge-plans': open('the user’s recurring plans'),
  'DELETE /api/v1/challenge-plans/{id}': open('the deleted plan'),
  'POST /api/v1/challenge-plans/{id}/pause': open('the paused plan'),
  'POST /api/v1/challenge-plans/{id}/resume': open('the resumed plan'),
  'POST /api/v1/challenges/{id}/appeal': open('the appeal: status OPEN, UPHELD or REFUNDED, decisionNote'),
  'GET /api/v1/challenges/{id}/appeal': open('the appeal: status OPEN, UPHELD or REFUNDED, decisionNote'),
  'GET /api/v1/challenges/pool': open('a date’s players, total at stake, check-ins, misses and pool so far (rupees)'),

  'GET /api/v1/settlements/{date}': ok(open('the date’s anonymised receipt and the caller’s own lines')),

  'GET /api/v1/support/settlements': ok(open('settlement runs and alerts')),
  'GET /api/v1/support/settlements/{date}': ok(open('a date’s settlement runs and receipt')),
  'POST /api/v1/support/settlements/{date}/rerun': ok(open('the queued re-run')),
  'GET /api/v1/support/charities/statement': ok(open('POOL_MODE=pledge: a month’s donations per charity and date (rupees), with the CSV')),
  'GET /api/v1/support/charities/statement.csv': text('text/csv', 'the month’s donations per charity and date, as CSV'),
  'GET /api/v1/support/users': ok(open('users found, paged')),
  'GET /api/v1/support/users/{id}': ok(open('a user with wallet, challenges and withdrawals')),
  'GET /api/v1/support/users/{id}/ledger': ok(open('the user’s journal lines, paged')),
  'GET /api/v1/support/challenges/{id}': ok(open('a challenge with its settlement line')),
  'GET /api/v1/support/challenges/{id}/photo': { mime: 'image/*', schema: { type: 'string', format: 'binary' } },
  'GET /api/v1/support/ledger/verify': ok(open('the last ledger verification')),
  'POST /api/v1/support/ledger/verify': ok(open('a ledger verification run now')),
  'GET /api/v1/support/ledger/health': ok(open('ledger health')),
  'GET /api/v1/support/queues': ok(open('queues with job counts')),
  'GET /api/v1/support/queues/{name}/jobs': ok(open('jobs of a queue in a state')),
  'POST /api/v1/support/queues/{name}/jobs/{id}/retry': ok(open('the job, back to waiting')),
  'GET /api/v1/support/payouts/pending': ok(open('manual payouts waiting')),
  'GET /api/v1/support/payouts/pending.csv': text('text/csv', 'manual payouts waiting, as CSV'),
  'POST /api/v1/support/payouts/{id}/paid': ok(open('the withdrawal, paid')),
  'POST /api/v1/support/payouts/{id}/failed': ok(open('the withdrawal, reversed')),
  'GET /api/v1/support/suspense': ok(open('money held for closed accounts')),
  'POST /api/v1/support/suspense/{userId}/resolve': ok(open('the resolved suspense entry')),
  'GET /api/v1/support/mail': ok(open('the mail outbox')),
  'GET /api/v1/support/appeals': ok(open('appeals to decide, paged')),
  'POST /api/v1/support/appeals/{id}/decision': ok(open('the decided appeal: UPHELD or REFUNDED, decisionNote')),

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
  'POST /api/v1/wallet/verify-payment': { success: true, message: 'Payment verified and ₹500 added to your wallet' },
};

const REQUEST_BODIES: Record<string, unknown> = {
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
