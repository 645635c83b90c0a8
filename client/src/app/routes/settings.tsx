import { PasskeysSection } from '@/features/settings/components/passkeys-section';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { RemindersSettings } from '@/features/reminders';
import { WakeSettings } from '@/features/wake';

export function Component() {
  return (
    <SettingsPage
      passkeys={<PasskeysSection />}
      reminders={
        <>
          <RemindersSettings />
          <WakeSettings />
        </>
      }
    />
  );
}
