// GET /config, shared by every feature: the server's switches (useAppConfig) and its rules (useRules, useServerRules).
export { useAppConfig } from './use-app-config';
export { useRules, useServerRules } from './use-rules';
export { getAppConfig, appConfigQueryOptions, type AppConfig } from './get-app-config';
