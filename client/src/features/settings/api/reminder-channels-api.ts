import { api, unwrap } from '@/lib/api-client';

/** Quiet hours as the server keeps them: "HH:MM" in IST; start after end crosses midnight (22:00 to 07:00). */
export interface QuietHours {
  start: string;
  end: string;
}

/** settings.reminders of GET/PUT /auth/profile: how challenge reminders reach the user (the in-app notice always). */
export interface ReminderChannelSettings {
  push: boolean;
  mail: boolean;
  quietHours: QuietHours | null;
}

export const DEFAULT_REMINDER_CHANNELS: ReminderChannelSettings = { push: true, mail: true, quietHours: null };

/** The reminder settings of a user object (older answers have none: the defaults). */
export function reminderChannelsOf(settings: unknown): ReminderChannelSettings {
  const stored = (settings as { reminders?: Partial<ReminderChannelSettings> } | null | undefined)?.reminders;
  return { ...DEFAULT_REMINDER_CHANNELS, ...(stored ?? {}) };
}

/** PUT /auth/profile { settings: { reminders } } → the saved settings (every group, defaults filled in). */
export async function saveReminderChannels(patch: Partial<ReminderChannelSettings>): Promise<{ settings: Record<string, unknown> }> {
  const body = await api.put<{ data?: { settings?: Record<string, unknown> } }>('/auth/profile', { settings: { reminders: patch } });
  return { settings: unwrap<{ settings?: Record<string, unknown> }>(body)?.settings ?? {} };
}
