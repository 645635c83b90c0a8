import { GroupPage } from '@/features/groups';

export function Component() {
  return <GroupPage />;
}
