import { ReviewPage } from '@/features/proof';

export function Component() {
  return <ReviewPage />;
}
