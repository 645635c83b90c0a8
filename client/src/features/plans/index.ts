// Recurring challenges: the app layer composes these into /challenge and /dashboard.
export { PlansSection } from './components/plans-section';
export { ActivePlansCard } from './components/active-plans-card';
export { PlanForm } from './components/plan-form';
export { PlansList } from './components/plans-list';
export { usePlans } from './hooks/use-plans';
export type { Plan } from './api/plans-api';
