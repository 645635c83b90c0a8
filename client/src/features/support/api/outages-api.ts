import { api, unwrap } from '@/lib/api-client';
import type { ApiData, Schemas } from '@/types/api';

// Outages (src/modules/support/support-outages.controller.ts): found by the availability recorder or recorded by staff;
// a miss whose check-in window overlapped one was settled as forgiven (the whole stake back).

/** An outage with the settlement lines it forgave (components.schemas.SupportOutage; refunded in rupees). */
export type SupportOutage = Schemas['SupportOutage'];
export type OutageKind = SupportOutage['kind'];

/** GET /support/outages?date= (Asia/Kolkata day; empty: today). */
export async function listOutages(date: string, signal?: AbortSignal): Promise<{ date: string; outages: SupportOutage[] }> {
  const data = unwrap<Partial<ApiData<'/support/outages', 'get'>>>(await api.get('/support/outages', { query: { date: date || undefined }, signal }));
  return { date: data?.date ?? date, outages: data?.outages ?? [] };
}

export const OUTAGE_KIND_LABELS: Record<OutageKind, string> = {
  CHECKIN_ERRORS: 'Check-in errors',
  UPLOAD_FAILED: 'Photo uploads failing',
  API_DOWN: 'API down',
  WORKER_DOWN: 'Worker down (forgives nothing)',
  INCIDENT: 'Incident (recorded by staff)',
};
