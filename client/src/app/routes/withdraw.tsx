import { WithdrawPage } from '@/features/wallet/components/withdraw-page';

export function Component() {
  return <WithdrawPage />;
}
