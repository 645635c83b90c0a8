import { HelpPage } from '@/features/legal/components/help-page';

export function Component() {
  return <HelpPage />;
}
