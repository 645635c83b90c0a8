import { GrievancePage } from '@/features/legal/components/grievance-page';

export function Component() {
  return <GrievancePage />;
}
