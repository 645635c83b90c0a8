import { WakeTagPage } from '@/features/missions';

export function Component() {
  return <WakeTagPage />;
}
