/**
 * What an access line may carry, by allow-list: query parameters whose values are never secret, a few headers.
 * Any other query value is written as [redacted]; bodies are never logged.
 */
export const LOGGED_QUERY_PARAMS = new Set([
  'page',
  'size',
  'limit',
  'offset',
  'type',
  'status',
  'state',
  'date',
  'startDate',
  'endDate',
  'from',
  'to',
  'format',
  'sort',
  'order',
  'method',
  'q',
]);
export const LOGGED_HEADERS = ['user-agent', 'content-type', 'content-length', 'accept'] as const;

/** Paths that carry a secret in a segment (the calendar feed's secret): the segment is replaced. */
const SECRET_PATHS: Array<[RegExp, string]> = [[/^(\/api\/v1\/calendar\/)[^/?]+/, '$1[redacted]']];

export function loggableUrl(raw: string): string {
  const q = raw.indexOf('?');
  let path = q < 0 ? raw : raw.slice(0, q);
  for (const [re, to] of SECRET_PATHS) path = path.replace(re, to);
  if (q < 0) return path;
  const parts = raw
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        key = '';
      }
      if (!LOGGED_QUERY_PARAMS.has(key)) return `${key ? encodeURIComponent(key) : '[redacted]'}=[redacted]`;
      return pair.length > 200 ? `${rawKey}=[long]` : pair;
    });
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

interface RawRequest {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
}

/** pino-http's req serializer: id, method, URL (allow-listed query) and allow-listed headers. */
export function serializeRequest(req: RawRequest): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const h of LOGGED_HEADERS) if (req.headers?.[h] !== undefined) headers[h] = req.headers[h];
  return { id: req.id, method: req.method, url: loggableUrl(String(req.url ?? '')), headers };
}

/** pino-http's res serializer: the status only (response headers may carry tokens or cookies). */
export function serializeResponse(res: { statusCode?: number }): Record<string, unknown> {
  return { statusCode: res.statusCode };
}
