/** Per-user preferences kept on the server (the theme stays in the browser). */
export interface UserSettings {
  notifications: {
    /** Mail about settlements, winnings and account events. */
    email: boolean;
    /** A reminder before a challenge's check-in window opens. */
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
}

export const DEFAULT_SETTINGS: UserSettings = {
  notifications: { email: true, challengeReminders: true, walletUpdates: true },
  privacy: { showOnLeaderboard: false, shareUsageData: false },
};

/** Stored settings over the defaults, so a new setting has a value for old accounts. */
export function effectiveSettings(stored: Partial<UserSettings> | null | undefined): UserSettings {
  return {
    notifications: { ...DEFAULT_SETTINGS.notifications, ...(stored?.notifications ?? {}) },
    privacy: { ...DEFAULT_SETTINGS.privacy, ...(stored?.privacy ?? {}) },
  };
}

export function mergeSettings(current: Partial<UserSettings> | null | undefined, patch: { notifications?: Partial<UserSettings['notifications']>; privacy?: Partial<UserSettings['privacy']> }): UserSettings {
  const base = effectiveSettings(current);
  return {
    notifications: { ...base.notifications, ...(patch.notifications ?? {}) },
    privacy: { ...base.privacy, ...(patch.privacy ?? {}) },
  };
}
