import { rulesOf, type Rules } from '@/lib/rules';
import { useAppConfig } from './use-app-config';

/** The server's rules (GET /config's data.rules); FALLBACK_RULES only until /config has answered. */
export function useRules(): Rules {
  const config = useAppConfig().data as { rules?: Partial<Rules> | null } | undefined;
  return rulesOf(config);
}

/**
 * The server's rules once GET /config has answered with them, null until then (or when it could not be read): for text
 * that states the rules (the legal pages), which shows no number of its own rather than one it might have to take back.
 */
export function useServerRules(): Rules | null {
  const config = useAppConfig().data as { rules?: Partial<Rules> | null } | undefined;
  return config?.rules ? rulesOf(config) : null;
}
