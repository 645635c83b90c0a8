import { DomainError } from '../../common/errors/domain-error.js';
import { toRupees } from '../../common/money.js';
import type { UserSummary } from '../identity/queries/get-user/get-user.query.js';
import type { ChallengeDetail } from '../challenges/queries/get-challenge-detail/get-challenge-detail.query.js';
import type { CorrelatedEntry } from '../wallet/queries/get-entries-by-correlation/get-entries-by-correlation.query.js';
import type { RefereeVerdict } from '../groups/queries/get-referee-verdicts/get-referee-verdicts.query.js';

export const SupportErrors = {
  invalid: (message: string) => new DomainError('SUPPORT.INVALID_QUERY', 'INVALID', message),
  userNotFound: () => new DomainError('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'User not found'),
  challengeNotFound: () => new DomainError('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  photoNotFound: () => new DomainError('SUPPORT.NOT_FOUND', 'NOT_FOUND', 'This challenge has no photo'),
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function userView(u: UserSummary) {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    phoneNumber: u.phoneNumber,
    isEmailVerified: u.isEmailVerified,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    deleted: u.deleted,
  };
}

/** What the user's referee answered about a challenge (null: never sent to one). It moves no money. */
export function refereeView(v: RefereeVerdict | undefined, referees: Map<string, UserSummary>) {
  if (!v) return null;
  const r = referees.get(v.refereeId);
  return {
    requestId: v.requestId,
    status: v.status,
    note: v.note,
    refereeId: v.refereeId,
    refereeName: r?.fullName ?? null,
    refereeEmail: r?.email ?? null,
    askedAt: v.createdAt.toISOString(),
    decidedAt: iso(v.decidedAt),
  };
}

export function challengeRow(c: ChallengeDetail, referee: ReturnType<typeof refereeView> = null) {
  return {
    id: c.id,
    challengeDate: c.challengeDate,
    wakeUpTime: c.wakeUpTime,
    stake: toRupees(c.stake),
    status: c.status,
    isSuccessful: c.isSuccessful,
    checkInTime: iso(c.checkInTime),
    verificationMethod: c.verificationMethod,
    failureReason: c.failureReason,
    refundedAmount: toRupees(c.refundedAmount),
    winningsAmount: toRupees(c.winningsAmount),
    actualForfeitAmount: toRupees(c.actualForfeitAmount),
    isTest: c.isTest,
    createdAt: c.createdAt.toISOString(),
    closedAt: iso(c.closedAt),
    processedAt: iso(c.processedAt),
    cancelledAt: iso(c.cancelledAt),
    referee,
  };
}

export function entryView(e: CorrelatedEntry) {
  return {
    entryId: e.entryId,
    postedAt: e.postedAt.toISOString(),
    reason: e.reason,
    correlation: { type: e.correlationType, id: e.correlationId },
    idempotencyKey: e.idempotencyKey,
    postings: e.postings.map((p) => ({ account: p.account, amount: toRupees(p.amount) })),
    metadata: e.metadata,
  };
}
