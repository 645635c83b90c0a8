// Wake shields, declared leave and "Still awake?": the app layer places these on the dashboard and in settings.
export { ShieldsCard } from './components/shields-card';
export { UseShieldButton, type UseShieldButtonProps } from './components/use-shield-button';
export { StillAwakePrompt } from './components/still-awake-prompt';
export { WakeSettings, StillAwakeSetting, LeaveSettings } from './components/wake-settings';
