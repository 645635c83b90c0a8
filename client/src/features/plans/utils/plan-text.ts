import { formatWakeUpTime, once } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { proofWord } from '@/lib/status-words';
import type { Plan } from '../api/plans-api';
import { describeDays, PLAN_BOOKING_TIME } from './plan-rules';

// Built on first use, not at import (this module is on the dashboard's first screen: see lib/ist.ts on ICU's start).
const dateFmt = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }));

/** "Mon, 30 Nov" for a calendar date (already IST). */
export const planDate = (date: string) => dateFmt().format(new Date(`${date}T00:00:00Z`));

/** "Weekdays at 6:00 AM IST · ₹20 a morning" */
export function planTitle(p: Pick<Plan, 'weekdays' | 'wakeUpTime' | 'forfeitAmount'> & { proof?: string | null }): string {
  // the proof level is shown wherever the stake is ("… · Photo proof"); no proof adds nothing
  return `${describeDays(p.weekdays)} at ${formatWakeUpTime(p.wakeUpTime)} IST · ${formatINR(p.forfeitAmount)} a morning${p.proof === 'PHOTO' ? ` · ${proofWord(p.proof)}` : ''}`;
}

/** What the plan does next, in words. */
export function nextBookingText(p: Pick<Plan, 'status' | 'nextDate'>): string {
  if (p.status === 'CANCELLED') return 'Cancelled: it books nothing more.';
  if (p.status === 'PAUSED') return 'Paused: it books nothing until you resume it.';
  if (!p.nextDate) return 'Finished: no mornings left to book.';
  return `Next booking: ${planDate(p.nextDate)} (from your wallet at ${PLAN_BOOKING_TIME} the evening before).`;
}
