import { ProgressPage } from '@/features/progress';

export function Component() {
  return <ProgressPage />;
}
