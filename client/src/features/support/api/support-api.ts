import { api, unwrap } from '@/lib/api-client';
import type { SettlementReceipt, SettlementReceiptLine } from '@/types/settlement';

// The staff console API (src/modules/support/*.controller.ts, src/modules/settlement/support-settlement.controller.ts).

export interface SupportUser {
  id: string;
  email: string;
  fullName?: string | null;
  phoneNumber?: string | null;
  isEmailVerified?: boolean;
  role?: string;
  createdAt?: string;
  deleted?: boolean;
  balance?: number;
}

export interface Posting {
  account: string;
  amount: number;
}

export interface LedgerLinks {
  challengeId?: string;
  settlementDate?: string;
  orderId?: string;
  paymentId?: string;
  gateway?: string;
  withdrawalId?: string;
  payoutReference?: string | null;
}

/** An entry that does not touch the wallet but belongs to its story (pool moves, payouts). */
export interface RelatedEntry {
  entryId: string;
  postedAt: string;
  reason: string;
  correlation: { type: string; id: string };
  idempotencyKey?: string;
  postings: Posting[];
  metadata?: Record<string, unknown> | null;
  links?: LedgerLinks;
}

export interface LedgerEntry extends RelatedEntry {
  /** This wallet's posting: positive credit, negative debit (rupees). */
  amount: number;
  runningBalance: number;
}

export interface UserLedger {
  user: { id: string; email: string; fullName?: string | null };
  account: string;
  balance: number;
  entries: LedgerEntry[];
  related?: RelatedEntry[];
}

export interface SupportChallengeRow {
  id: string;
  challengeDate: string;
  wakeUpTime: string;
  stake: number;
  status: string;
  isSuccessful: boolean | null;
  checkInTime: string | null;
  verificationMethod: string | null;
  failureReason: string | null;
  refundedAmount: number;
  winningsAmount: number;
  actualForfeitAmount: number;
  isTest?: boolean;
  createdAt: string;
  closedAt: string | null;
  processedAt: string | null;
  cancelledAt: string | null;
}

export interface AccessRecord {
  id: string;
  actorId: string;
  actorEmail: string;
  action: string;
  target?: string;
  details?: Record<string, unknown>;
  createdAt: string;
}

export interface UserPage {
  user: SupportUser;
  balance: number;
  stats?: {
    totalChallenges?: number;
    successfulChallenges?: number;
    failedChallenges?: number;
    currentStreak?: number;
    longestStreak?: number;
    successRate?: number;
    totalEarnings?: number;
    totalLosses?: number;
  };
  challenges: SupportChallengeRow[];
  accessLog: AccessRecord[];
}

export interface ChallengeStoryData {
  challenge: {
    id: string;
    userId: string;
    challengeDate: string;
    wakeUpTime: string;
    status: string;
    isSuccessful: boolean | null;
    isTest?: boolean;
    windowOpensAt: string;
    windowClosesAt: string;
  };
  user: { id: string; email: string; fullName?: string | null } | null;
  created: { at: string; stake: number };
  checkIn: { at: string; method: string | null; location: string | null; notes: string | null; hasPhoto: boolean } | null;
  closed: { at: string | null; outcome: 'SUCCESS' | 'FAILED'; failureReason: string | null } | null;
  cancelled: { at: string } | null;
  settled: {
    at: string | null;
    date: string;
    refund: number;
    winnings: number;
    forfeit: number;
    line: {
      runId: string;
      batch: number;
      runStatus: string;
      lineNo: number;
      stake: number;
      outcome: 'SUCCESS' | 'FAILED';
      refund: number;
      pooled: number;
      winnings: number;
      paid: boolean;
      paidAt: string | null;
    } | null;
    receipt: Receipt | null;
  } | null;
  ledger: RelatedEntry[];
}

export interface QueueSummary {
  name: string;
  isPaused: boolean;
  counts: Record<string, number>;
}

export const JOB_STATES = ['failed', 'waiting', 'delayed', 'active', 'completed'] as const;

export interface QueueJob {
  id: string | null;
  name: string;
  data: unknown;
  failedReason: string | null;
  attemptsMade: number;
  timestamp: string | null;
  processedOn: string | null;
  finishedOn: string | null;
  delay: number;
}

export interface LedgerVerification {
  ok: boolean;
  checkedAt: string;
  id?: string;
  runBy?: string | null;
  entries: number;
  accounts: number;
  journalSum: string;
  problems: string[];
}

export type ReceiptLine = SettlementReceiptLine;
export type Receipt = SettlementReceipt;

export interface SettlementRun {
  id: string;
  date: string;
  batch: number;
  status: string;
  attempts: number;
  lastError: string | null;
  startedAt: string;
  finishedAt: string | null;
  receipt: Receipt;
}

export interface SettlementAlert {
  id: string;
  date: string;
  kind: string;
  message: string;
  createdAt: string;
}

export interface SettlementList {
  settlements: SettlementRun[];
  alerts: SettlementAlert[];
}

export interface SettlementDetail {
  date: string;
  status: string;
  batches: SettlementRun[];
  alerts: SettlementAlert[];
}

export async function findUsers(search: string): Promise<SupportUser[]> {
  const data = unwrap<{ users?: SupportUser[] }>(await api.get('/support/users', { query: { q: search } }));
  return data?.users ?? [];
}

export async function getUserLedger(userId: string): Promise<UserLedger> {
  return unwrap<UserLedger>(await api.get(`/support/users/${encodeURIComponent(userId)}/ledger`));
}

export async function getUserPage(userId: string): Promise<UserPage> {
  const data = unwrap<Partial<UserPage>>(await api.get(`/support/users/${encodeURIComponent(userId)}`));
  return { ...(data as UserPage), challenges: data?.challenges ?? [], accessLog: data?.accessLog ?? [] };
}

export async function getChallengeStory(challengeId: string): Promise<ChallengeStoryData> {
  return unwrap<ChallengeStoryData>(await api.get(`/support/challenges/${encodeURIComponent(challengeId)}`));
}

/** The latest stored verification (the server runs one when there is none). */
export async function getLedgerHealth(): Promise<LedgerVerification> {
  return unwrap<LedgerVerification>(await api.get('/support/ledger/health'));
}

/** Run the verification now; the server stores the result with its time. */
export async function runLedgerVerify(): Promise<LedgerVerification> {
  return unwrap<LedgerVerification>(await api.post('/support/ledger/verify'));
}

export async function listQueues(): Promise<QueueSummary[]> {
  return unwrap<{ queues?: QueueSummary[] }>(await api.get('/support/queues'))?.queues ?? [];
}

export async function listJobs(queue: string, state: string): Promise<QueueJob[]> {
  const data = unwrap<{ jobs?: QueueJob[] }>(await api.get(`/support/queues/${encodeURIComponent(queue)}/jobs`, { query: { state, limit: 20 } }));
  return data?.jobs ?? [];
}

export async function retryJob(queue: string, id: string): Promise<{ state?: string }> {
  return unwrap<{ state?: string }>(await api.post(`/support/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/retry`));
}

export async function listSettlements(date?: string): Promise<SettlementList> {
  const data = unwrap<Partial<SettlementList>>(await api.get('/support/settlements', { query: { date: date || undefined } }));
  return { settlements: data?.settlements ?? [], alerts: data?.alerts ?? [] };
}

export async function getSettlement(date: string): Promise<SettlementDetail> {
  const data = unwrap<Partial<SettlementDetail>>(await api.get(`/support/settlements/${encodeURIComponent(date)}`));
  return { date, status: data?.status ?? 'NONE', batches: data?.batches ?? [], alerts: data?.alerts ?? [] };
}

export async function rerunSettlement(date: string): Promise<Record<string, unknown>> {
  return unwrap<Record<string, unknown>>(await api.post(`/support/settlements/${encodeURIComponent(date)}/rerun`));
}
