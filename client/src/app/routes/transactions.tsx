import { TransactionsPage } from '@/features/wallet/components/transactions-page';

export function Component() {
  return <TransactionsPage />;
}
