import { GroupsPage } from '@/features/groups';

export function Component() {
  return <GroupsPage />;
}
