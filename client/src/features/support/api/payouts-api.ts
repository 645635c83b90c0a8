import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/types/api';

// PAYOUTS_PROVIDER=manual: the payouts staff pay from the bank (src/modules/wallet/support-payouts.controller.ts).

export type ManualPayout = Schemas['ManualPayout'];

export async function listManualPayouts(): Promise<ManualPayout[]> {
  return unwrap<{ payouts?: ManualPayout[] }>(await api.get('/support/payouts/pending'))?.payouts ?? [];
}

/** The bank bulk-payment CSV as text (fetched with the bearer token; the page saves it as a file). */
export async function fetchPayoutsCsv(): Promise<string> {
  const body = await api.get<unknown>('/support/payouts/pending.csv', { headers: { Accept: 'text/csv' } });
  return typeof body === 'string' ? body : '';
}

export async function markPayoutPaid(withdrawalId: string, bankReference: string): Promise<unknown> {
  return unwrap(await api.post(`/support/payouts/${encodeURIComponent(withdrawalId)}/paid`, { bankReference }));
}

export async function markPayoutFailed(withdrawalId: string, reason: string): Promise<unknown> {
  return unwrap(await api.post(`/support/payouts/${encodeURIComponent(withdrawalId)}/failed`, { reason }));
}
