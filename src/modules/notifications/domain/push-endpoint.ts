import { parse as legacyParse } from 'node:url';
import type { PushServiceHost } from '../../../config/push-hosts.js';

/** Whether a host name (as the WHATWG URL parser gives it: lower case, punycode) is one of PUSH_SERVICE_HOSTS, and on which port. */
export function pushServiceHostFor(hostname: string, hosts: readonly PushServiceHost[]): PushServiceHost | null {
  for (const h of hosts) {
    if (h.wildcard ? hostname.length > h.name.length + 1 && hostname.endsWith(`.${h.name}`) : hostname === h.name) return h;
  }
  return null;
}

/**
 * Why the server must not POST to this push subscription endpoint, or null when it may: https only, on a host of
 * PUSH_SERVICE_HOSTS (names compared exactly: `localhost.`, `fcm.googleapis.com.` and IP literals never match), on 443
 * unless the entry names its port, no user name or password, and read the same by the WHATWG parser and by the legacy
 * url.parse that web-push sends with (so no parser differential can aim the request elsewhere).
 */
export function pushEndpointProblem(endpoint: string, hosts: readonly PushServiceHost[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (url.protocol !== 'https:') return 'endpoint must be an https push service address';
  if (url.username !== '' || url.password !== '') return 'endpoint must not carry a user name or password';
  const host = pushServiceHostFor(url.hostname, hosts);
  if (!host) return `endpoint must be on a push service's host (${url.hostname} is not one)`;
  const port = url.port === '' ? 443 : Number(url.port);
  if (port !== (host.port ?? 443)) return `endpoint must use the push service's port ${host.port ?? 443} (got ${port})`;
  const legacy = legacyParse(endpoint);
  if (
    /[\\\s]/.test(endpoint) ||
    legacy.protocol !== 'https:' ||
    legacy.hostname !== url.hostname ||
    (legacy.port ?? '443') !== (url.port || '443') ||
    legacy.auth
  ) {
    return 'endpoint must be a plain https URL';
  }
  return null;
}
