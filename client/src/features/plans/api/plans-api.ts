import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Schemas } from '@/types/api';

/** A recurring challenge as GET/POST /challenge-plans answer it (server: domain/plan-view.ts). */
export type Plan = Schemas['ChallengePlan'];
export type PlanStatus = Plan['status'];
export type CreatePlanInput = Schemas['CreateChallengePlanDto'];

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
