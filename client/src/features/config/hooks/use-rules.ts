import { rulesOf, type Rules } from '@/lib/rules';
import { useAppConfig } from './use-app-config';

/** The server's rules (GET /config's data.rules, issue 29); FALLBACK_RULES only until /config has answered. */
export function useRules(): Rules {
  const config = useAppConfig().data as { rules?: Partial<Rules> | null } | undefined;
  return rulesOf(config);
}
