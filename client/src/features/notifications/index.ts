// Notifications: the bell menu (lazy-loaded by the navbar) and Settings › Reminder channels (issue 22).
export { ReminderChannels, reminderChannelMessages } from './components/reminder-channels';
export { reminderChannelsOf, type ReminderChannelSettings, type QuietHours } from './api/reminder-channels-api';
