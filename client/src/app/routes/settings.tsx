import { SettingsPage } from '@/features/settings/components/settings-page';
import { RemindersSettings } from '@/features/reminders';
import { WakeSettings } from '@/features/wake';

export function Component() {
  return (
    <SettingsPage
      reminders={
        <>
          <RemindersSettings />
          <WakeSettings />
        </>
      }
    />
  );
}
