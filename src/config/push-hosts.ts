import { isIP } from 'node:net';
import { ConfigError } from './env-parsers.js';

/**
 * One entry of PUSH_SERVICE_HOSTS: a host name, or `*.domain` for any name under that domain (not the domain itself),
 * optionally with `:port` (an entry without a port allows only https's 443; a port is for a test push service and is
 * refused in production).
 */
export interface PushServiceHost {
  /** Lower-case host name; for a wildcard the domain after `*.`. */
  name: string;
  wildcard: boolean;
  /** null: 443 only. */
  port: number | null;
}

/**
 * The browsers' push services: Chrome and other Chromium browsers (FCM), Firefox (Mozilla autopush), Edge (WNS:
 * `wns2-….notify.windows.com`) and Safari (`web.push.apple.com`; Apple asks servers to allow `*.push.apple.com`).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = 'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * PUSH_SERVICE_HOSTS: comma-separated `host[:port]` or `*.domain[:port]`. Production takes only names with a domain on
 * 443; elsewhere an entry may also be an IPv4 literal, a single-label name or carry a port (a test's own push service).
 */
export function parsePushServiceHosts(raw: string, production: boolean): PushServiceHost[] {
  const hosts: PushServiceHost[] = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    const m = /^(\*\.)?([^:*]+)(?::(\d{1,5}))?$/.exec(item);
    const name = m?.[2] ?? '';
    const labels = name.split('.');
    const bad = (why: string) =>
      new ConfigError(
        'PUSH_SERVICE_HOSTS',
        `${why} (got "${item}"); entries are host names such as fcm.googleapis.com or *.notify.windows.com, comma-separated`,
      );
    if (!m || !labels.every((l) => LABEL.test(l))) throw bad('has an entry that is not a host name or *.domain');
    const literal = isIP(name) !== 0 || /^\d+$/.test(labels[labels.length - 1]);
    if (literal && (m[1] || isIP(name) !== 4)) throw bad('has an entry that is not a host name or *.domain');
    // An IPv4 literal or a single-label name (localhost) can only be a test's own push service: never in production.
    if (literal && production) throw bad('must name hosts, not IP addresses, in production');
    if (labels.length < 2 && (production || m[1]))
      throw bad('must name hosts with a domain in production (a single-label name such as localhost is never a push service)');
    const port = m[3] === undefined ? null : Number(m[3]);
    if (port !== null && (port < 1 || port > 65535)) throw bad('has a port outside 1-65535');
    if (port !== null && port !== 443 && production)
      throw bad('must not name a port in production (push services listen on 443; a port is for a test push service)');
    hosts.push({ name, wildcard: m[1] !== undefined, port: port === 443 ? null : port });
  }
  if (hosts.length === 0) throw new ConfigError('PUSH_SERVICE_HOSTS', 'must list at least one push service host');
  return hosts;
}
