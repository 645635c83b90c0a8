import { paths } from '@/config/paths';

/** /groups/:id for a group */
export const groupPath = (groupId: string) => paths.group.replace(':id', encodeURIComponent(groupId));
