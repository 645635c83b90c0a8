import { JoinPage } from '@/features/groups';

export function Component() {
  return <JoinPage />;
}
