import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard, SettingSwitch } from '@/components/ui/setting';
import { FormAlert } from '@/components/forms/form-alert';
import { screenMessage } from '@/lib/messages';
import { meKey, useAuth } from '@/lib/auth';
import type { User } from '@/types/api';
import { reminderChannelsOf, saveReminderChannels, type QuietHours, type ReminderChannelSettings } from '../api/reminder-channels-api';

export const reminderChannelMessages = {
  saved: 'Reminder settings saved',
  saveFailed: 'Failed to save reminder settings. Please try again.',
  timesRequired: 'Choose a start and an end time',
  sameTimes: 'Start and end must be different times',
} as const;

const SUGGESTED_QUIET_HOURS: QuietHours = { start: '22:00', end: '07:00' };

/** Settings › Reminder channels: push, mail as the fallback, in-app always, and quiet hours. */
export function ReminderChannels() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const stored = reminderChannelsOf(user?.settings);
  const save = useMutation({
    mutationFn: saveReminderChannels,
    onSuccess: ({ settings }) => {
      if (!user) return;
      const next: User = { ...user, settings: settings as User['settings'] };
      queryClient.setQueryData(meKey, next);
    },
  });
  // A switch shows its new value while the save is on its way.
  const shown: ReminderChannelSettings = save.isPending ? { ...stored, ...save.variables } : stored;
  const [quietOpen, setQuietOpen] = useState(stored.quietHours !== null);
  const [draft, setDraft] = useState<QuietHours>(stored.quietHours ?? SUGGESTED_QUIET_HOURS);
  const [problem, setProblem] = useState<string | null>(null);

  const toggleQuiet = (on: boolean) => {
    setProblem(null);
    setQuietOpen(on);
    if (!on && stored.quietHours !== null) save.mutate({ quietHours: null });
    if (on) setDraft(stored.quietHours ?? SUGGESTED_QUIET_HOURS);
  };
  const saveQuiet = () => {
    const check = !draft.start || !draft.end ? reminderChannelMessages.timesRequired : draft.start === draft.end ? reminderChannelMessages.sameTimes : null;
    setProblem(check);
    if (!check) save.mutate({ quietHours: { start: draft.start, end: draft.end } });
  };
  const error = problem ?? (save.isError ? screenMessage(save.error, reminderChannelMessages.saveFailed) : null);

  return (
    <Box data-testid="reminder-channels">
      <SectionCard title="Reminder channels">
        <Text fontSize="sm" color="fg.muted">
          Every reminder is always in your notifications here in the app. These choose whether it also reaches you outside the app.
        </Text>
        <SettingSwitch
          label="Push reminders"
          help="To every device where push reminders are on. Off: reminders come by mail instead, if mail is on."
          checked={shown.push}
          disabled={save.isPending}
          onChange={(push) => save.mutate({ push })}
        />
        <SettingSwitch
          label="Mail when push cannot reach me"
          help={
            user?.isEmailVerified === false
              ? 'Only to a verified email address: verify yours to get reminder mail.'
              : 'When push is off, no device has it on, or every push fails. Never both for one reminder.'
          }
          checked={shown.mail}
          disabled={save.isPending}
          onChange={(mail) => save.mutate({ mail })}
        />
        <SettingSwitch
          label="Quiet hours"
          help="No push or mail between these times (IST). Quiet hours never cover your own booked check-in window: the window-open and 5-minutes-left reminders always come. An evening-before reminder in quiet hours stays in the app."
          checked={quietOpen}
          disabled={save.isPending}
          onChange={toggleQuiet}
        />
        {quietOpen ? (
          <Stack gap={3} data-testid="quiet-hours">
            <HStack gap={3} align="flex-end" wrap="wrap">
              <Field.Root maxW="40">
                <Field.Label>Quiet from</Field.Label>
                <Input type="time" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
              </Field.Root>
              <Field.Root maxW="40">
                <Field.Label>Quiet until</Field.Label>
                <Input type="time" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.target.value })} />
              </Field.Root>
              <Button colorPalette="brand" onClick={saveQuiet} loading={save.isPending} disabled={save.isPending}>
                Save quiet hours
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {stored.quietHours ? `Now quiet from ${stored.quietHours.start} until ${stored.quietHours.end} IST.` : 'No quiet hours saved yet.'} Overnight is
              fine, e.g. 22:00 until 07:00.
            </Text>
          </Stack>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          Calendar alarms come from your calendar feed, when you have made one under Reminders.
        </Text>
        {error ? <FormAlert status="error">{error}</FormAlert> : null}
        {save.isSuccess && !error ? (
          <Text role="status" fontSize="sm" color="fg.success">
            {reminderChannelMessages.saved}
          </Text>
        ) : null}
      </SectionCard>
    </Box>
  );
}
