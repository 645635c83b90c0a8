import { effectiveSettings, mergeSettings, settingProblem } from './settings.js';

describe('reminder settings', () => {
  it('default to push and mail on with no quiet hours for an account that never chose', () => {
    expect(effectiveSettings({ notifications: { email: false, challengeReminders: true, walletUpdates: true } }).reminders).toEqual({
      push: true,
      mail: true,
      quietHours: null,
    });
  });

  it('merge a patch field by field, quiet hours replaced as a whole', () => {
    const stored = mergeSettings(null, { reminders: { quietHours: { start: '22:00', end: '07:00' } } });
    const next = mergeSettings(stored, { reminders: { mail: false } });
    expect(next.reminders).toEqual({ push: true, mail: false, quietHours: { start: '22:00', end: '07:00' } });
    expect(mergeSettings(next, { reminders: { quietHours: null } }).reminders.quietHours).toBeNull();
  });

  it('accept quiet hours that cross midnight and refuse malformed or empty ones', () => {
    expect(settingProblem('reminders', 'quietHours', { start: '23:30', end: '05:00' })).toBeNull();
    expect(settingProblem('reminders', 'quietHours', null)).toBeNull();
    expect(settingProblem('reminders', 'quietHours', { start: '7:00', end: '08:00' })).toBe(
      'settings.reminders.quietHours.start must be a time as HH:MM (00:00 to 23:59)',
    );
    expect(settingProblem('reminders', 'quietHours', { start: '07:00', end: '07:00' })).toBe('settings.reminders.quietHours: start and end must differ');
    expect(settingProblem('reminders', 'push', 'on')).toBe('settings.reminders.push must be true or false');
    expect(settingProblem('notifications', 'quietHours', null)).toBe('Unknown setting: settings.notifications.quietHours');
  });
});
