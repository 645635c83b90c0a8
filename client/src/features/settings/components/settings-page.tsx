import { Box, Button, Container, Field, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useColorMode } from '@/components/ui/color-mode';
import { SectionCard, SettingSwitch } from '@/components/ui/setting';
import {
  changePasswordRequest,
  meKey,
  MIN_PASSWORD_LENGTH,
  updateProfileRequest,
  useAuth,
  type NotificationSettings,
  type PrivacySettings,
  type UserSettings,
} from '@/lib/auth';
import { FormAlert } from '@/components/forms/form-alert';
import { PasswordInput } from '@/components/forms/password-input';
import { screenMessage } from '@/lib/messages';
import { FormStack } from '@/components/forms/form-stack';
import { ReminderChannels } from './reminder-channels';
import { setToken } from '@/lib/api-client';
import { CloseAccount } from './close-account';
import { DataExport } from './data-export';
import { LimitsSection } from './limits-section';

export const settingsMessages = {
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  mismatch: 'Passwords do not match',
  changed: 'Password changed successfully',
  changeFailed: 'Failed to change password. Please try again.',
  saveFailed: 'Failed to save settings. Please try again.',
  saved: 'Settings saved',
  deleteFailed: 'Failed to delete account. Please try again.',
} as const;

/** The groups this page's switches save (reminder channels have their own section, features/notifications). */
type SwitchSettings = Pick<UserSettings, 'notifications' | 'privacy'>;

export const DEFAULT_SETTINGS: SwitchSettings = {
  notifications: { email: true, challengeReminders: true, walletUpdates: true },
  privacy: { showOnLeaderboard: false, shareUsageData: false },
};

const NOTIFICATION_OPTIONS: { key: keyof NotificationSettings; label: string; help: string }[] = [
  { key: 'email', label: 'Email notifications', help: 'Settlement results, winnings and account notices by email.' },
  { key: 'challengeReminders', label: 'Challenge reminders', help: 'A reminder before your check-in window opens.' },
  { key: 'walletUpdates', label: 'Wallet updates', help: 'Deposits, withdrawals and payouts.' },
];

const PRIVACY_OPTIONS: { key: keyof PrivacySettings; label: string; help: string }[] = [
  { key: 'showOnLeaderboard', label: 'Show me on leaderboards', help: 'Your first name and streak may appear on community leaderboards.' },
  { key: 'shareUsageData', label: 'Share anonymous usage data', help: 'Helps us improve WakeStake. Never includes your personal details.' },
];

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: changePasswordRequest,
    onSuccess: (answer) => {
      // The change ends every session; this one continues with the fresh token.
      if (answer?.token) setToken(answer.token);
      setCurrent('');
      setNext('');
      setConfirm('');
    },
  });
  const notice: { status: 'success' | 'error'; text: string } | null = problem
    ? { status: 'error', text: problem }
    : change.isError
      ? { status: 'error', text: screenMessage(change.error, settingsMessages.changeFailed) }
      : change.isSuccess
        ? { status: 'success', text: change.data?.message || settingsMessages.changed }
        : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = !current
      ? settingsMessages.currentRequired
      : !next
        ? settingsMessages.newRequired
        : next.length < MIN_PASSWORD_LENGTH
          ? settingsMessages.tooShort
          : next !== confirm
            ? settingsMessages.mismatch
            : null;
    setProblem(check);
    if (check) return;
    change.mutate({ currentPassword: current, newPassword: next, confirmPassword: confirm });
  };

  return (
    <FormStack gap={4} onSubmit={onSubmit} noValidate aria-label="Change password" maxW="md">
      <Field.Root required>
        <Field.Label>
          Current password <Field.RequiredIndicator />
        </Field.Label>
        <PasswordInput toggleLabel="current password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          New password <Field.RequiredIndicator />
        </Field.Label>
        <PasswordInput
          toggleLabel="new password"
          autoComplete="new-password"
          placeholder="Minimum 8 characters"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          Confirm new password <Field.RequiredIndicator />
        </Field.Label>
        <PasswordInput toggleLabel="confirmed password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </Field.Root>
      {notice ? <FormAlert status={notice.status}>{notice.text}</FormAlert> : null}
      <Box>
        <Button type="submit" colorPalette="brand" loading={change.isPending} loadingText="Changing…">
          Change Password
        </Button>
      </Box>
    </FormStack>
  );
}

type Group = keyof SwitchSettings;

export interface SettingsPageProps {
  /** Settings › Reminders (push and calendar feed), composed in by app/routes/settings.tsx. */
  reminders?: React.ReactNode;
  /** Settings › Passkeys, composed in likewise. */
  passkeys?: React.ReactNode;
}

export function SettingsPage({ reminders, passkeys }: SettingsPageProps = {}) {
  const { colorMode, setColorMode } = useColorMode();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: ({ group, key, value }: { group: Group; key: string; value: boolean }) => updateProfileRequest({ settings: { [group]: { [key]: value } } }),
    onSuccess: ({ user: saved }) => queryClient.setQueryData(meKey, { ...user, ...saved }),
  });
  // The switch shows its new value while the save is on its way.
  const pending: Partial<SwitchSettings> | null = update.isPending ? { [update.variables.group]: { [update.variables.key]: update.variables.value } } : null;
  const notice: { group: Group; status: 'success' | 'error'; text: string } | null = update.isSuccess
    ? { group: update.variables.group, status: 'success', text: settingsMessages.saved }
    : update.isError
      ? { group: update.variables.group, status: 'error', text: screenMessage(update.error, settingsMessages.saveFailed) }
      : null;

  const stored = user?.settings;
  const settings: SwitchSettings = {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...(stored?.notifications ?? {}), ...(pending?.notifications ?? {}) },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...(stored?.privacy ?? {}), ...(pending?.privacy ?? {}) },
  };

  const save = <G extends Group>(group: G, key: keyof SwitchSettings[G] & string, value: boolean) => update.mutate({ group, key, value });

  const groupNotice = (group: Group) =>
    notice?.group === group ? (
      notice.status === 'error' ? (
        <FormAlert status="error">{notice.text}</FormAlert>
      ) : (
        <Text role="status" fontSize="sm" color="fg.success">
          {notice.text}
        </Text>
      )
    ) : null;

  return (
    <Container maxW="3xl" py={{ base: 8, md: 12 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          Settings
        </Heading>

        <SectionCard title="Appearance">
          <SettingSwitch
            label="Dark theme"
            help="Saved in this browser. Until you choose, WakeStake follows your system setting."
            checked={colorMode === 'dark'}
            onChange={(dark) => setColorMode(dark ? 'dark' : 'light')}
          />
        </SectionCard>

        <SectionCard title="Change Password">
          {user?.hasPassword === false ? (
            <Text color="fg.muted">
              You sign in with Google and have no WakeStake password yet. To set one, use &ldquo;Forgot password&rdquo; on the login page.
            </Text>
          ) : (
            <ChangePasswordForm />
          )}
        </SectionCard>

        {passkeys ? <SectionCard title="Passkeys">{passkeys}</SectionCard> : null}

        <SectionCard title="Notification Settings">
          {NOTIFICATION_OPTIONS.map((o) => (
            <SettingSwitch
              key={o.key}
              label={o.label}
              help={o.help}
              checked={settings.notifications[o.key]}
              disabled={update.isPending}
              onChange={(v) => save('notifications', o.key, v)}
            />
          ))}
          {groupNotice('notifications')}
        </SectionCard>

        {reminders}
        <ReminderChannels />

        <SectionCard title="Privacy Settings">
          {PRIVACY_OPTIONS.map((o) => (
            <SettingSwitch
              key={o.key}
              label={o.label}
              help={o.help}
              checked={settings.privacy[o.key]}
              disabled={update.isPending}
              onChange={(v) => save('privacy', o.key, v)}
            />
          ))}
          {groupNotice('privacy')}
        </SectionCard>

        <SectionCard title="Limits">
          <LimitsSection />
        </SectionCard>

        <SectionCard title="Download My Data">
          <DataExport />
        </SectionCard>

        <SectionCard title="Delete Account">
          <CloseAccount />
        </SectionCard>
      </Stack>
    </Container>
  );
}
