import { toRupees } from '../../../../common/money.js';
import { planDates } from './plan-rules.js';

export interface PlanViewInput {
  id: string;
  weekdays: number[];
  wakeUpTime: string;
  stake: bigint;
  startDate: string;
  endDate: string;
  status: string;
  createdAt: Date;
  charityId?: string | null;
  proof?: 'NONE' | 'PHOTO';
  mission?: 'NONE' | 'MATH' | 'TYPING' | 'WAKE_TAG';
}

/** A plan as the API answers it: its days, what each booked day became, and the next day it will book. */
export function planView(p: PlanViewInput, days: { day: string; outcome: string; challengeId: string | null; reason: string | null }[], today: string) {
  const tried = new Set(days.map((d) => d.day));
  const nextDate = p.status === 'ACTIVE' ? (planDates(p).find((d) => d >= today && !tried.has(d)) ?? null) : null;
  return {
    id: p.id,
    weekdays: p.weekdays,
    wakeUpTime: p.wakeUpTime,
    forfeitAmount: toRupees(p.stake),
    startDate: p.startDate,
    endDate: p.endDate,
    status: p.status,
    /** pledge mode: where a missed planned morning's forfeit goes (null: the operator's default) */
    charityId: p.charityId ?? null,
    /** proof of wake carried to every challenge the plan books */
    proof: p.proof ?? 'NONE',
    /** wake mission carried to every challenge the plan books */
    mission: p.mission ?? 'NONE',
    totalDays: planDates(p).length,
    bookedDays: days.filter((d) => d.outcome === 'BOOKED').length,
    skippedDays: days.filter((d) => d.outcome === 'SKIPPED').length,
    nextDate,
    days: days.filter((d) => d.outcome !== 'BOOKING').map((d) => ({ date: d.day, outcome: d.outcome, challengeId: d.challengeId, reason: d.reason })),
    createdAt: p.createdAt.toISOString(),
  };
}

export type PlanView = ReturnType<typeof planView>;
