export { useAppConfig } from './hooks/use-app-config';
export { useRules, useServerRules } from './hooks/use-rules';
export { getAppConfig, appConfigQueryOptions, type AppConfig } from './api/get-app-config';
export { CharityField, useCharityChoice, type CharityChoice } from './components/charity-field';
