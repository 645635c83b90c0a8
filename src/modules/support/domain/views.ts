import { toRupees } from '../../../common/money.js';
import type { UserSummary } from '../../identity/queries/get-user/get-user.query.js';
import type { ChallengeDetail } from '../../challenges/day/queries/get-challenge-detail/get-challenge-detail.query.js';
import type { CorrelatedEntry } from '../../wallet/queries/get-entries-by-correlation/get-entries-by-correlation.query.js';
import type { RefereeVerdict } from '../../groups/queries/get-referee-verdicts/get-referee-verdicts.query.js';
import type { ChallengeStats } from '../../challenges/record/queries/get-challenge-stats/get-challenge-stats.query.js';
import type { LedgerLine } from '../../wallet/queries/get-account-ledger/get-account-ledger.query.js';
import type { SuspenseAccount } from '../../wallet/queries/list-suspense/list-suspense.query.js';
import type { SettlementLineView } from '../../settlement/queries/get-settlement-line/get-settlement-line.query.js';
import type { AccessRecord } from './access-log.js';
import { ledgerLinks } from './ledger-links.js';

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
    netResult: c.netResult,
    isTest: c.isTest,
    proof: c.proof ?? 'NONE',
    proofStatus: c.proofStatus ?? null,
    proofFlag: c.proofFlag ?? null,
    mission: c.mission ?? 'NONE',
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

/** A user's page: profile, balance, stats, challenges with their referee's verdicts, and who in support looked. */
export function userPageView(p: {
  user: UserSummary;
  balance: bigint;
  stats: ChallengeStats;
  challenges: ChallengeDetail[];
  verdicts: Map<string, RefereeVerdict>;
  referees: Map<string, UserSummary>;
  accessLog: AccessRecord[];
}) {
  const { stats } = p;
  return {
    user: userView(p.user),
    balance: toRupees(p.balance),
    stats: { ...stats, totalEarnings: toRupees(stats.totalEarnings), totalLosses: toRupees(stats.totalLosses), totalDonated: toRupees(stats.totalDonated) },
    challenges: p.challenges.map((c) => challengeRow(c, refereeView(p.verdicts.get(c.id), p.referees))),
    accessLog: p.accessLog.map((a) => ({
      id: a.id,
      actorId: a.actorId,
      actorEmail: a.actorEmail,
      action: a.action,
      target: a.target,
      details: a.details,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}
export type UserPage = ReturnType<typeof userPageView>;

/** A user's wallet ledger: every entry with postings, running balance and links, and the related entries off the wallet. */
export function userLedgerView(
  user: UserSummary,
  ledger: { account: string; balance: bigint; lines: LedgerLine[] },
  related: CorrelatedEntry[],
  payoutReferences: Map<string, string | null>,
) {
  return {
    user: { id: user.id, email: user.email, fullName: user.fullName },
    account: ledger.account,
    balance: toRupees(ledger.balance),
    entries: ledger.lines.map((l) => ({
      entryId: l.entryId,
      postedAt: l.postedAt.toISOString(),
      reason: l.reason,
      correlation: { type: l.correlationType, id: l.correlationId },
      idempotencyKey: l.idempotencyKey,
      amount: toRupees(l.amount),
      runningBalance: toRupees(l.runningBalance),
      postings: l.postings.map((p) => ({ account: p.account, amount: toRupees(p.amount) })),
      metadata: l.metadata,
      links: ledgerLinks(l, payoutReferences),
    })),
    related: related.map((e) => ({ ...entryView(e), links: ledgerLinks(e, payoutReferences) })),
  };
}
export type UserLedgerPage = ReturnType<typeof userLedgerView>;

/** The suspense accounts with their movements, and what they hold in all. */
export function suspenseView(accounts: SuspenseAccount[]) {
  return {
    accounts: accounts.map((a) => ({
      account: a.account,
      userId: a.userId,
      balance: toRupees(a.balance),
      entries: a.lines.map((l) => ({
        entryId: l.entryId,
        postedAt: l.postedAt.toISOString(),
        reason: l.reason,
        correlation: { type: l.correlationType, id: l.correlationId },
        amount: toRupees(l.amount),
        metadata: l.metadata,
      })),
    })),
    total: toRupees(accounts.reduce((sum, a) => sum + a.balance, 0n)),
  };
}
export type SuspensePage = ReturnType<typeof suspenseView>;

/** A challenge's story: created, check-in, closed, settled (with its receipt line) and its ledger entries. */
export function challengeStoryView(c: ChallengeDetail, user: UserSummary | null, line: SettlementLineView | null, entries: CorrelatedEntry[]) {
  const closed = c.status === 'COMPLETED' || c.status === 'PROCESSED';
  return {
    challenge: {
      id: c.id,
      userId: c.userId,
      challengeDate: c.challengeDate,
      wakeUpTime: c.wakeUpTime,
      status: c.status,
      isSuccessful: c.isSuccessful,
      isTest: c.isTest,
      proof: c.proof ?? 'NONE',
      proofStatus: c.proofStatus ?? null,
      proofFlag: c.proofFlag ?? null,
      mission: c.mission ?? 'NONE',
      windowOpensAt: c.windowOpensAt.toISOString(),
      windowClosesAt: c.windowClosesAt.toISOString(),
    },
    user: user ? { id: user.id, email: user.email, fullName: user.fullName } : null,
    created: { at: c.createdAt.toISOString(), stake: toRupees(c.stake) },
    checkIn: c.checkInTime
      ? { at: c.checkInTime.toISOString(), method: c.verificationMethod, location: c.checkInLocation, notes: c.notes, hasPhoto: c.photoPath !== null }
      : null,
    closed: closed ? { at: iso(c.closedAt ?? c.checkInTime), outcome: c.isSuccessful ? 'SUCCESS' : 'FAILED', failureReason: c.failureReason } : null,
    cancelled: c.cancelledAt ? { at: c.cancelledAt.toISOString() } : null,
    settled:
      c.status === 'PROCESSED' || line
        ? {
            at: iso(c.processedAt ?? line?.paidAt ?? line?.runFinishedAt ?? null),
            date: line?.date ?? c.challengeDate,
            refund: toRupees(line ? line.refund : c.refundedAmount),
            winnings: toRupees(line ? line.winnings : c.winningsAmount),
            forfeit: toRupees(line ? line.pooled : c.actualForfeitAmount),
            line: line
              ? {
                  runId: line.runId,
                  batch: line.batch,
                  runStatus: line.runStatus,
                  lineNo: line.lineNo,
                  stake: toRupees(line.stake),
                  outcome: line.isSuccessful ? 'SUCCESS' : 'FAILED',
                  refund: toRupees(line.refund),
                  pooled: toRupees(line.pooled),
                  winnings: toRupees(line.winnings),
                  paid: line.paid,
                  paidAt: iso(line.paidAt),
                }
              : null,
            receipt: line?.receipt ?? null,
          }
        : null,
    ledger: entries.map(entryView),
  };
}
export type ChallengeStory = ReturnType<typeof challengeStoryView>;
