import { api, unwrap } from '@/lib/api-client';

// Outages (src/modules/support/support-outages.controller.ts): found by the availability recorder or recorded by staff;
// a miss whose check-in window overlapped one was settled as forgiven (the whole stake back).

export type OutageKind = 'CHECKIN_ERRORS' | 'UPLOAD_FAILED' | 'API_DOWN' | 'WORKER_DOWN' | 'INCIDENT';

export interface SupportOutage {
  id: string;
  kind: OutageKind;
  startedAt: string;
  /** null: still going on */
  endedAt: string | null;
  detail: string;
  source: 'recorder' | 'support';
  recordedBy: string | null;
  forgiven: { challengeId: string; userId: string; date: string; batch: number; refunded: number; paid: boolean; note: string | null }[];
}

/** GET /support/outages?date= (Asia/Kolkata day; empty: today). */
export async function listOutages(date: string, signal?: AbortSignal): Promise<{ date: string; outages: SupportOutage[] }> {
  const data = unwrap<{ date: string; outages?: SupportOutage[] }>(await api.get('/support/outages', { query: { date: date || undefined }, signal }));
  return { date: data?.date ?? date, outages: data?.outages ?? [] };
}

export const OUTAGE_KIND_LABELS: Record<OutageKind, string> = {
  CHECKIN_ERRORS: 'Check-in errors',
  UPLOAD_FAILED: 'Photo uploads failing',
  API_DOWN: 'API down',
  WORKER_DOWN: 'Worker down (forgives nothing)',
  INCIDENT: 'Incident (recorded by staff)',
};
