// Reminders: Web Push on this device and the calendar feed; app/routes/settings.tsx places the section.
export { RemindersSettings } from './components/reminders-settings';
export { usePushReminders, pushMessages } from './hooks/use-push-reminders';
