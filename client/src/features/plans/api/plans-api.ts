import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export type PlanStatus = 'ACTIVE' | 'PAUSED' | 'CANCELLED';

/** A recurring challenge as GET/POST /challenge-plans answer it (server: domain/plan-view.ts). */
export interface Plan {
  id: string;
  /** ISO weekdays, 1 Monday … 7 Sunday */
  weekdays: number[];
  wakeUpTime: string;
  forfeitAmount: number;
  startDate: string;
  endDate: string;
  status: PlanStatus;
  charityId: string | null;
  totalDays: number;
  bookedDays: number;
  skippedDays: number;
  /** the next morning it will book (at 20:00 IST the evening before); null when paused, cancelled or over */
  nextDate: string | null;
  days: { date: string; outcome: 'BOOKED' | 'SKIPPED' | string; challengeId: string | null; reason: string | null }[];
  createdAt: string;
}

export interface CreatePlanInput {
  /** WEEKDAYS, WEEKENDS, EVERY_DAY or ISO weekdays */
  days: 'WEEKDAYS' | 'WEEKENDS' | 'EVERY_DAY' | number[];
  wakeUpTime: string;
  forfeitAmount: number;
  startDate?: string;
  weeks?: number;
  endDate?: string;
  charityId?: string;
}

type PlanBody = { plan: Plan };

/** GET /challenge-plans: newest first, cancelled ones included. */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return unwrap<{ plans: Plan[] }>(await api.get('/challenge-plans', { signal })).plans ?? [];
}

export async function createPlan(input: CreatePlanInput): Promise<Plan> {
  return unwrap<PlanBody>(await api.post('/challenge-plans', input)).plan;
}

export type PlanAction = 'pause' | 'resume' | 'cancel';

/** POST /{id}/pause, POST /{id}/resume, DELETE /{id} (days already booked stay booked). */
export async function changePlan(id: string, action: PlanAction): Promise<Plan> {
  const path = `/challenge-plans/${encodeURIComponent(id)}`;
  const body = action === 'cancel' ? await api.delete(path) : await api.post(`${path}/${action}`);
  return unwrap<PlanBody>(body).plan;
}

export const planKeys = {
  all: (userId: string) => ['plans', userId] as const,
};

export const plansQueryOptions = (userId: string) =>
  queryOptions({ queryKey: planKeys.all(userId), queryFn: ({ signal }) => getPlans(signal), staleTime: 30_000 });
