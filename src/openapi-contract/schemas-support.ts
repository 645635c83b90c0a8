/** The support console's component schemas (settlements, ledger, queues, payouts, users, a challenge's story). */
import { arr, bool, boolOrNull, dateTime, dateTimeOrNull, int, obj, ok, ref, rupees, str, strOrNull } from './schema-kit.js';

export const settlementAlertSchema = obj({ id: str, date: { type: 'string', format: 'date' }, kind: str, message: str, createdAt: dateTime });
/** src/modules/support/support-ledger.controller.ts */
export const ledgerVerificationSchema = obj({
  id: str,
  ok: bool,
  checkedAt: dateTime,
  entries: int,
  accounts: int,
  journalSum: { ...str, description: 'paise, as text: 0 when balanced' },
  problems: arr(str),
  runBy: strOrNull,
});
/** src/modules/support/infrastructure/support-queues.service.ts */
export const queueSummarySchema = obj({ name: str, isPaused: bool, counts: obj({ waiting: int, active: int, failed: int, delayed: int, completed: int }) });
export const queueJobSchema = obj({
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
/** src/modules/wallet/queries/list-manual-payouts/list-manual-payouts.query.ts */
export const manualPayoutSchema = obj({
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
/** src/modules/support/domain/views.ts userView, challengeRow, entryView; support/queries/get-user-page */
export const supportUserSchema = obj(
  {
    id: str,
    email: str,
    fullName: str,
    phoneNumber: strOrNull,
    isEmailVerified: bool,
    role: { type: 'string', enum: ['USER', 'SUPPORT'] },
    createdAt: dateTime,
    deleted: bool,
    balance: { ...rupees(), description: 'in the search results only' },
  },
  ['id', 'email', 'fullName', 'phoneNumber', 'isEmailVerified', 'role', 'createdAt', 'deleted'],
);
export const supportChallengeRowSchema = obj({
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
  netResult: {
    type: 'number',
    nullable: true,
    example: -4.5,
    description: 'signed rupees once settled: what the morning did to the wallet (the pool share, minus the 15% kept, or 0); null before',
  },
  isTest: bool,
  proof: { type: 'string', enum: ['NONE', 'PHOTO'] },
  proofStatus: { type: 'string', enum: ['PENDING_REVIEW', 'ACCEPTED', 'REJECTED'], nullable: true },
  proofFlag: {
    type: 'string',
    enum: ['BLANK_FRAME'],
    nullable: true,
    description: 'a PHOTO check-in flagged automatically (BLANK_FRAME: nearly one flat colour, no model): first in peer review; it decides nothing',
  },
  mission: {
    type: 'string',
    enum: ['NONE', 'MATH', 'TYPING', 'WAKE_TAG'],
    description: 'wake mission set at creation (the app unlocks Check In after it; the server does not check it)',
  },
  createdAt: dateTime,
  closedAt: dateTimeOrNull,
  processedAt: dateTimeOrNull,
  cancelledAt: dateTimeOrNull,
  referee: {
    ...obj({
      requestId: str,
      status: { type: 'string', enum: ['PENDING', 'CONFIRMED', 'REJECTED'] },
      note: strOrNull,
      refereeId: str,
      refereeName: strOrNull,
      refereeEmail: strOrNull,
      askedAt: dateTime,
      decidedAt: dateTimeOrNull,
    }),
    nullable: true,
    description: "what the user's referee answered about this check-in; null: never sent to one. It moves no money.",
  },
});
export const ledgerLinksSchema = obj(
  {
    challengeId: str,
    settlementDate: { type: 'string', format: 'date' },
    orderId: str,
    paymentId: str,
    gateway: str,
    withdrawalId: str,
    payoutReference: strOrNull,
  },
  [],
);
export const ledgerEntryFields = {
  entryId: str,
  postedAt: dateTime,
  reason: str,
  correlation: obj({ type: str, id: str }),
  idempotencyKey: str,
  postings: arr(obj({ account: { type: 'string', example: 'user:…:wallet' }, amount: rupees() })),
  metadata: { type: 'object', additionalProperties: true },
};
export const links = { $ref: '#/components/schemas/LedgerLinks' };
/** An entry that does not touch the wallet but belongs to its story (pool moves, payouts); links on the ledger page. */
export const relatedEntrySchema = obj({ ...ledgerEntryFields, links }, Object.keys(ledgerEntryFields));
export const walletEntrySchema = obj({
  ...ledgerEntryFields,
  links,
  amount: { ...rupees(), description: 'this wallet’s posting: positive credit, negative debit' },
  runningBalance: rupees(),
});
export const outcome = { type: 'string', enum: ['SUCCESS', 'FAILED'] };
/** GET /support/challenges/{id} (support-challenges.controller.ts). */
export const challengeStorySchema = obj({
  challenge: obj({
    id: str,
    userId: str,
    challengeDate: { type: 'string', format: 'date' },
    wakeUpTime: str,
    status: { type: 'string', enum: ['PENDING', 'COMPLETED', 'PROCESSED', 'CANCELLED'] },
    isSuccessful: boolOrNull,
    isTest: bool,
    proof: { type: 'string', enum: ['NONE', 'PHOTO'] },
    proofStatus: { type: 'string', enum: ['PENDING_REVIEW', 'ACCEPTED', 'REJECTED'], nullable: true },
    proofFlag: { type: 'string', enum: ['BLANK_FRAME'], nullable: true },
    mission: { type: 'string', enum: ['NONE', 'MATH', 'TYPING', 'WAKE_TAG'] },
    windowOpensAt: dateTime,
    windowClosesAt: dateTime,
  }),
  user: { ...obj({ id: str, email: str, fullName: str }), nullable: true },
  created: obj({ at: dateTime, stake: rupees() }),
  checkIn: {
    ...obj({ at: dateTime, method: { type: 'string', enum: ['MANUAL', 'PHOTO'], nullable: true }, location: strOrNull, notes: strOrNull, hasPhoto: bool }),
    nullable: true,
  },
  closed: { ...obj({ at: dateTimeOrNull, outcome, failureReason: strOrNull }), nullable: true },
  cancelled: { ...obj({ at: dateTime }), nullable: true },
  settled: {
    ...obj({
      at: dateTimeOrNull,
      date: { type: 'string', format: 'date' },
      refund: rupees(),
      winnings: rupees(),
      forfeit: rupees(),
      line: {
        ...obj({
          runId: str,
          batch: int,
          runStatus: str,
          lineNo: int,
          stake: rupees(),
          outcome,
          refund: rupees(),
          pooled: rupees(),
          winnings: rupees(),
          paid: bool,
          paidAt: dateTimeOrNull,
        }),
        nullable: true,
      },
      receipt: { allOf: [{ $ref: '#/components/schemas/SettlementReceipt' }], nullable: true },
    }),
    nullable: true,
  },
  ledger: arr({ $ref: '#/components/schemas/RelatedEntry' }),
});
