/** Per-user preferences kept on the server (the theme stays in the browser). */
export interface QuietHours {
  /** "HH:MM" in IST; when start > end the quiet hours cross midnight (22:00–07:00). */
  start: string;
  end: string;
}

export interface UserSettings {
  notifications: {
    /** Mail about settlements, winnings and account events. */
    email: boolean;
    /** A reminder before a challenge's check-in window opens (off: no reminder of any kind). */
    challengeReminders: boolean;
    /** Notices about deposits, withdrawals and payouts. */
    walletUpdates: boolean;
  };
  privacy: {
    /** Whether the first name and streak may appear on community leaderboards. */
    showOnLeaderboard: boolean;
    /** Whether anonymous usage statistics may be collected. */
    shareUsageData: boolean;
  };
  /** How challenge reminders reach the user; the in-app notification is always written. */
  reminders: {
    /** Web Push to every subscribed device. */
    push: boolean;
    /** Mail when push is off, unreachable or failed (never both for one reminder). */
    mail: boolean;
    /** No push or mail inside these hours, except for the user's own booked check-in window. */
    quietHours: QuietHours | null;
  };
}

export const DEFAULT_SETTINGS: UserSettings = {
  notifications: { email: true, challengeReminders: true, walletUpdates: true },
  privacy: { showOnLeaderboard: false, shareUsageData: false },
  reminders: { push: true, mail: true, quietHours: null },
};

export type SettingsPatch = { [G in keyof UserSettings]?: Partial<UserSettings[G]> };

/** Stored settings over the defaults, so a new setting has a value for old accounts. */
export function effectiveSettings(stored: Partial<UserSettings> | null | undefined): UserSettings {
  return {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...(stored?.notifications ?? {}) },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...(stored?.privacy ?? {}) },
    reminders: { ...DEFAULT_SETTINGS.reminders, ...(stored?.reminders ?? {}) },
  };
}

export function mergeSettings(current: Partial<UserSettings> | null | undefined, patch: SettingsPatch): UserSettings {
  const base = effectiveSettings(current);
  return {
    notifications: { ...base.notifications, ...(patch.notifications ?? {}) },
    privacy: { ...base.privacy, ...(patch.privacy ?? {}) },
    reminders: { ...base.reminders, ...(patch.reminders ?? {}) },
  };
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

function quietHoursProblem(v: unknown): string | null {
  const what = 'settings.reminders.quietHours';
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return `${what} must be null or { start, end } as HH:MM`;
  const keys = Object.keys(v);
  const unknown = keys.find((k) => k !== 'start' && k !== 'end');
  if (unknown) return `Unknown setting: ${what}.${unknown}`;
  const { start, end } = v as Record<string, unknown>;
  for (const [name, time] of [
    ['start', start],
    ['end', end],
  ] as const) {
    if (typeof time !== 'string' || !HH_MM.test(time)) return `${what}.${name} must be a time as HH:MM (00:00 to 23:59)`;
  }
  if (start === end) return `${what}: start and end must differ`;
  return null;
}

/** Why one setting's value is refused (null: fine): switches are booleans, quiet hours null or a start and end. */
export function settingProblem(group: string, key: string, value: unknown): string | null {
  if (!(group in DEFAULT_SETTINGS)) return `Unknown setting: settings.${group}`;
  const known = DEFAULT_SETTINGS[group as keyof UserSettings] as Record<string, unknown>;
  if (!(key in known)) return `Unknown setting: settings.${group}.${key}`;
  if (group === 'reminders' && key === 'quietHours') return quietHoursProblem(value);
  if (typeof value !== 'boolean') return `settings.${group}.${key} must be true or false`;
  return null;
}
