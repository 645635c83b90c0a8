import { type Schema, arr, bool, dateTime, dateTimeOrNull, int, message, obj, ok, open, paging, ref, rupees, str, strOrNull, text } from './schema-kit.js';
import { progressSchema } from './progress.js';
import { GROUP_RESPONSES } from './groups-responses.js';
import {
  auth,
  challenge,
  challengeList,
  earningDay,
  notification,
  paymentMethod,
  plan,
  selfLimitsSchema,
  shieldsSchema,
  stillAwakeCheckSchema,
  streaks,
  transaction,
  user,
  withdrawalResult,
} from './schemas.js';

/** The user's appeal, flat beside `success` (appeals.controller.ts). */
const appealAnswer: Schema = { allOf: [ref('Appeal'), obj({ success: bool }, ['success'])] };

/** One entry a route. A `mime` answers that content type instead of JSON. */
export const RESPONSES: Record<string, Schema | { mime: string; schema: Schema }> = {
  ...GROUP_RESPONSES,
  'GET /api/v1/health/live': ref('HealthProbe'),
  'GET /api/v1/health/ready': ref('HealthProbe'),
  'GET /api/v1/health': obj({
    success: bool,
    status: { type: 'string', enum: ['ok'] },
    database: { type: 'string', enum: ['up'] },
    redis: { type: 'string', enum: ['up'] },
  }),
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
  // passkeys: the options are WebAuthn's own JSON (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON)
  'POST /api/v1/auth/passkeys/registration-options': ok(
    open(
      'PublicKeyCredentialCreationOptionsJSON for navigator.credentials.create (challenge, rp, user, pubKeyCredParams, excludeCredentials, authenticatorSelection)',
    ),
  ),
  'POST /api/v1/auth/passkeys/register': ok(ref('Passkey'), { message: str }),
  'POST /api/v1/auth/passkeys/login-options': ok(
    open('PublicKeyCredentialRequestOptionsJSON for navigator.credentials.get (challenge, rpId, allowCredentials, userVerification)'),
  ),
  'POST /api/v1/auth/passkeys/login': auth,
  'GET /api/v1/auth/passkeys': ok(obj({ passkeys: arr(ref('Passkey')) })),
  'DELETE /api/v1/auth/passkeys/{id}': message,

  'GET /api/v1/wallet/balance': ok(obj({ balance: rupees(1250.5) })),
  'POST /api/v1/wallet/deposit': ok(
    obj(
      { orderId: { type: 'string', example: 'order_Nx1' }, amount: rupees(500), transactionId: str, currency: { type: 'string', example: 'INR' }, keyId: str },
      ['orderId', 'amount', 'transactionId'],
    ),
    { message: str },
  ),
  'POST /api/v1/wallet/verify-payment': obj({ success: bool, message: str, data: ref('PaymentVerification') }, ['success', 'message', 'data']),
  'POST /api/v1/wallet/webhooks/razorpay': ok(open('what the event did (credited, duplicate, ignored)')),
  'POST /api/v1/wallet/webhooks/razorpayx': ok(open('what the payout event did')),
  'POST /api/v1/wallet/sandbox/checkout': obj({ razorpay_payment_id: str, razorpay_order_id: str, razorpay_signature: str }),
  'POST /api/v1/wallet/withdraw/validate': obj(
    {
      success: bool,
      data: obj({ valid: bool, errors: arr(str), fee: rupees(2), netAmount: rupees(148), method: { type: 'string', nullable: true } }, ['valid', 'errors']),
      message: str,
    },
    ['success', 'data', 'message'],
  ),
  'POST /api/v1/wallet/withdraw': ok(withdrawalResult, { message: str }),
  'GET /api/v1/wallet/transactions': ok(obj({ transactions: arr(transaction), ...paging })),
  'GET /api/v1/wallet/transactions/{id}': ok(transaction),
  'GET /api/v1/wallet/statement.csv': text(
    'text/csv',
    'the statement of the IST dates asked: opening balance, each line with its running balance, closing balance (UTF-8 with BOM)',
  ),
  'GET /api/v1/wallet/payment-methods': ok(obj({ paymentMethods: arr(paymentMethod), ...paging })),
  'GET /api/v1/wallet/payout-methods': ok(
    obj({
      payoutMethods: arr(
        obj({
          id: str,
          type: { type: 'string', enum: ['UPI', 'BANK_TRANSFER'] },
          label: { type: 'string', example: 'HDFC Bank ••••1234' },
          upiId: strOrNull,
          accountNumber: { type: 'string', nullable: true, example: '••••1234' },
          ifscCode: strOrNull,
          accountHolderName: strOrNull,
          bankName: strOrNull,
          uses: int,
          lastUsedAt: dateTime,
        }),
      ),
    }),
  ),
  'DELETE /api/v1/wallet/payout-methods/{id}': message,
  'GET /api/v1/ifsc/{code}': ok(obj({ ifsc: { type: 'string', example: 'HDFC0001234' }, bank: str, branch: str, city: str, state: str, address: str })),
  'GET /api/v1/wallet/earnings': ok(
    obj(
      {
        earnings: arr(earningDay),
        ...paging,
        totalWinnings: rupees(5),
        totalLosses: rupees(0),
        netEarnings: rupees(5),
        startDate: strOrNull,
        endDate: strOrNull,
      },
      ['earnings', 'page', 'size', 'total'],
    ),
  ),
  'GET /api/v1/wallet/notifications': ok(obj({ notifications: arr(notification), ...paging, unreadCount: int })),
  'PUT /api/v1/wallet/notifications/{id}/read': ok(obj({ id: str, isRead: bool }), { message: str }),
  'PATCH /api/v1/notifications/read-all': ok(obj({ updated: int }), { message: str }),

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
  'GET /api/v1/challenges/bookable-dates': ok(
    obj(
      {
        today: str,
        firstBookable: { type: 'string', nullable: true },
        dates: arr(
          obj({ date: str, bookable: bool, reason: str, blockedBy: { type: 'string', enum: ['BOOKED', 'LEAVE', 'OTHER'] }, wakeUpTimes: arr(str) }, [
            'date',
            'bookable',
            'wakeUpTimes',
          ]),
        ),
      },
      ['today', 'firstBookable', 'dates'],
    ),
  ),
  'GET /api/v1/challenges/date/{date}': obj({ success: bool, challenges: arr(challenge), challenge: { allOf: [challenge], nullable: true } }, [
    'challenges',
    'challenge',
  ]),
  'GET /api/v1/challenges/status/{status}': challengeList,
  'POST /api/v1/challenges/verify': obj({ success: bool, message: str, challenge, data: obj({ isSuccessful: bool, winningsAmount: rupees(50) }) }, [
    'challenge',
    'data',
  ]),
  'GET /api/v1/challenges/{id}': obj({ success: bool, challenge }, ['challenge']),
  'DELETE /api/v1/challenges/{id}': obj({ success: bool, message: str, challenge, refundedAmount: rupees(50) }, ['challenge', 'refundedAmount']),
  'GET /api/v1/streaks': ok(streaks),
  'GET /api/v1/streaks/statistics': ok(ref('StreakStatistics')),
  'POST /api/v1/test/challenges/create-test-challenge': obj({ success: bool, challengeId: str, status: str, forfeitDeducted: rupees(25), challenge }, [
    'challengeId',
    'status',
    'forfeitDeducted',
  ]),
  'POST /api/v1/challenge-plans': plan,
  'GET /api/v1/challenge-plans': ok(obj({ plans: arr(ref('ChallengePlan')) })),
  'DELETE /api/v1/challenge-plans/{id}': plan,
  'POST /api/v1/challenge-plans/{id}/pause': plan,
  'POST /api/v1/challenge-plans/{id}/resume': plan,
  'POST /api/v1/challenges/{id}/appeal': appealAnswer,
  // Wake shields, declared leave, "Still awake?"
  'GET /api/v1/shields': ok(shieldsSchema),
  'POST /api/v1/challenges/{id}/shield': ok(
    obj({ challengeId: str, challengeDate: { type: 'string', format: 'date' }, refundedAmount: rupees(50), shields: shieldsSchema }),
    { message: str },
  ),
  'POST /api/v1/leave': ok(obj({ date: { type: 'string', format: 'date' }, excused: arr(obj({ challengeId: str, refundedAmount: rupees(50) })) }), {
    message: str,
  }),
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
  'POST /api/v1/challenges/{id}/still-awake': ok(
    obj({ challengeId: str, status: { type: 'string', enum: ['ANSWERED'] }, answeredAt: { type: 'string', format: 'date-time' } }),
    { message: str },
  ),
  'GET /api/v1/challenges/{id}/appeal': appealAnswer,
  'GET /api/v1/challenges/pool': ok(ref('PoolPreview')),

  'GET /api/v1/settlements/{date}': ok(ref('UserSettlement')),

  'GET /api/v1/support/settlements': ok(obj({ settlements: arr(ref('SettlementRun')), alerts: arr(ref('SettlementAlert')) })),
  'GET /api/v1/support/settlements/{date}': ok(
    obj({
      date: { type: 'string', format: 'date' },
      status: { type: 'string', enum: ['NONE', 'RUNNING', 'SETTLED', 'FAILED'] },
      batches: arr(ref('SettlementRun')),
      alerts: arr(ref('SettlementAlert')),
    }),
  ),
  'POST /api/v1/support/settlements/{date}/rerun': ok(open('the queued re-run')),
  'GET /api/v1/support/charities/statement': ok(open('POOL_MODE=pledge: a month’s donations per charity and date (rupees), with the CSV')),
  'GET /api/v1/support/charities/statement.csv': text('text/csv', 'the month’s donations per charity and date, as CSV'),
  'GET /api/v1/support/users': ok(obj({ users: arr(ref('SupportUser')) })),
  'GET /api/v1/support/users/{id}': ok(
    obj({
      user: ref('SupportUser'),
      balance: rupees(),
      stats: {
        ...open('the challenge statistics (rupees)'),
        properties: {
          totalChallenges: int,
          successfulChallenges: int,
          failedChallenges: int,
          currentStreak: int,
          longestStreak: int,
          successRate: { type: 'number' },
          totalEarnings: rupees(),
          totalLosses: rupees(),
          totalDonated: rupees(),
        },
      },
      challenges: arr(ref('SupportChallengeRow')),
      accessLog: arr(
        obj({ id: str, actorId: str, actorEmail: str, action: str, target: str, details: { type: 'object', additionalProperties: true }, createdAt: dateTime }),
      ),
    }),
  ),
  'GET /api/v1/support/users/{id}/ledger': ok(
    obj({
      user: obj({ id: str, email: str, fullName: str }),
      account: { type: 'string', example: 'user:…:wallet' },
      balance: rupees(),
      entries: arr(ref('WalletEntry')),
      related: arr(ref('RelatedEntry')),
    }),
  ),
  'GET /api/v1/support/challenges/{id}': ok(ref('ChallengeStory')),
  'GET /api/v1/support/challenges/{id}/photo': { mime: 'image/*', schema: { type: 'string', format: 'binary' } },
  'GET /api/v1/proof-reviews/next': ok({
    ...obj({
      id: str,
      challengeDate: { type: 'string', format: 'date' },
      wakeUpTime: str,
      checkInTime: dateTime,
      photo: { ...str, description: 'the photo as a data URL (JPEG or PNG)' },
    }),
    nullable: true,
    description: 'null: nothing waiting that you have no stake in',
  }),
  'POST /api/v1/proof-reviews/{id}': message,
  'POST /api/v1/support/challenges/{id}/proof': ok(
    obj({
      challengeId: str,
      proofStatus: { type: 'string', enum: ['PENDING_REVIEW', 'ACCEPTED', 'REJECTED'] },
      verdict: { type: 'string', enum: ['ACCEPTED', 'REJECTED'] },
      note: strOrNull,
      challenge,
    }),
    { message: str },
  ),
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
  'GET /api/v1/support/suspense': ok(obj({ accounts: arr(ref('SuspenseAccount')), total: { ...rupees(), description: 'rupees held, all accounts listed' } })),
  'POST /api/v1/support/suspense/{userId}/resolve': ok(obj({ entryId: str, amount: rupees(), reference: str }), { message: str }),
  'GET /api/v1/support/mail': ok(obj({ mail: arr(ref('OutboxMail')) })),
  'GET /api/v1/support/appeals': ok(obj({ appeals: arr(ref('SupportAppeal')) })),
  'POST /api/v1/support/appeals/{id}/decision': ok(ref('Appeal')),
  'GET /api/v1/support/outages': ok(obj({ date: { type: 'string', format: 'date' }, outages: arr(ref('SupportOutage')) })),
  'POST /api/v1/support/outages': ok(ref('Outage')),
  'POST /api/v1/support/outages/{id}/close': ok(ref('Outage')),

  'GET /api/v1/me/progress': ok(progressSchema),
  'GET /api/v1/me/limits': ok(selfLimitsSchema),
  'GET /api/v1/me/wake-tag': ok(
    obj({ code: { type: 'string', example: 'wakestake-tag:3f2a…', description: 'the text of the QR code to print (wake missions); the same on every call' } }),
  ),
  'PUT /api/v1/me/limits': ok(selfLimitsSchema),
  'POST /api/v1/me/limits/pause': ok(selfLimitsSchema),
  'DELETE /api/v1/me/limits/pause': ok(selfLimitsSchema),
  'GET /api/v1/me/export': open(
    'the user’s data: profile, challenges, ledger lines, notifications, groups and referee requests, saved payout methods (masked), plans, shields and leave (?format=csv: a zip)',
  ),
  'POST /api/v1/calendar/feed': ok(obj({ url: str, webcalUrl: str }, ['url', 'webcalUrl'])),
  'GET /api/v1/calendar/feed': ok(obj({ active: bool, createdAt: dateTimeOrNull })),
  'DELETE /api/v1/calendar/feed': ok(obj({ removed: bool })),
  'GET /api/v1/calendar/{file}': text('text/calendar', 'the user’s challenges as iCalendar, with alarms'),
  'GET /api/v1/notifications/push/public-key': open('the VAPID public key'),
  'POST /api/v1/notifications/push/subscriptions': open('the stored subscription'),
  'DELETE /api/v1/notifications/push/subscriptions': open('the removed subscription'),
};
