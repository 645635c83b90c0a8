import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { plansQueryOptions } from '../api/plans-api';

/** The signed-in user's plans, newest first (cancelled ones included). */
export function usePlans() {
  const { user } = useAuth();
  return useQuery({ ...plansQueryOptions(user?.id ?? 'anonymous'), enabled: !!user });
}
