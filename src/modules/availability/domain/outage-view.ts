import type { OutageKind } from './outage-rules.js';

/** An outage as the API and the other modules read it. */
export interface OutageView {
  id: string;
  kind: OutageKind;
  startedAt: string;
  /** null: still going on */
  endedAt: string | null;
  detail: string;
  /** `recorder`: found in the processes' own samples; `support`: recorded by hand by staff */
  source: 'recorder' | 'support';
  recordedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An outage as stored (the availability repository's rows). */
export interface OutageRow {
  id: string;
  kind: OutageKind;
  startedAt: Date;
  endedAt: Date | null;
  detail: string;
  source: 'recorder' | 'support';
  recordedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function outageView(o: OutageRow): OutageView {
  return {
    id: o.id,
    kind: o.kind,
    startedAt: o.startedAt.toISOString(),
    endedAt: o.endedAt?.toISOString() ?? null,
    detail: o.detail,
    source: o.source,
    recordedBy: o.recordedBy,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}
