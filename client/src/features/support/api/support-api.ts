import { api, unwrap } from '@/lib/api-client';
import type { ApiData, Schemas } from '@/types/api';
import type { SettlementReceipt, SettlementReceiptLine } from '@/types/settlement';

// The staff console API (src/modules/support/*.controller.ts, src/modules/settlement/support-settlement.controller.ts);
// shapes from the server's OpenAPI document (src/types/api.ts).

export type SupportUser = Schemas['SupportUser'];
export type LedgerLinks = Schemas['LedgerLinks'];
/** An entry that does not touch the wallet but belongs to its story (pool moves, payouts). */
export type RelatedEntry = Schemas['RelatedEntry'];
export type Posting = RelatedEntry['postings'][number];
/** A wallet entry: this wallet's posting (`amount`, positive credit) and the running balance. */
export type LedgerEntry = Schemas['WalletEntry'];
export type UserLedger = ApiData<'/support/users/{id}/ledger', 'get'>;
export type SupportChallengeRow = Schemas['SupportChallengeRow'];
export type UserPage = ApiData<'/support/users/{id}', 'get'>;
export type AccessRecord = UserPage['accessLog'][number];

export type ChallengeStoryData = Schemas['ChallengeStory'];

export type QueueSummary = Schemas['QueueSummary'];

export const JOB_STATES = ['failed', 'waiting', 'delayed', 'active', 'completed'] as const;

export type QueueJob = Schemas['QueueJob'];
export type LedgerVerification = Schemas['LedgerVerification'];

export type ReceiptLine = SettlementReceiptLine;
export type Receipt = SettlementReceipt;

export type SettlementRun = Schemas['SettlementRun'];
export type SettlementAlert = Schemas['SettlementAlert'];
export type SettlementList = ApiData<'/support/settlements', 'get'>;
export type SettlementDetail = ApiData<'/support/settlements/{date}', 'get'>;

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
