import { RefundsPage } from '@/features/legal/components/refunds-page';

export function Component() {
  return <RefundsPage />;
}
