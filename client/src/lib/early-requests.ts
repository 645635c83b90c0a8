// GETs a signed-in first screen needs, sent by main.tsx while the app's code is still downloading (on a phone's 4G that
// is a second or more), then handed to api-client's request() when the app asks for the same URL with the same session.
// A hint only: each answer is used once and within MAX_AGE_MS; one the app never asks for is dropped, a URL missing from
// the list is simply fetched when asked.
const MAX_AGE_MS = 10_000;

interface Early {
  token: string | null;
  at: number;
  response: Promise<Response>;
}

const pending = new Map<string, Early>();

/** Starts each GET now; `token` null sends none (a public route such as /config). */
export function requestEarly(urls: { url: string; token: string | null }[], now = Date.now()): void {
  for (const { url, token } of urls) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = fetch(url, { headers });
    response.catch(() => undefined); // a failure is seen by whoever takes it, or by nobody
    pending.set(url, { token, at: now, response });
  }
}

/** The early answer for `url` sent with `token`, once; undefined when there is none or it no longer applies. */
export function takeEarly(url: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const early = pending.get(url);
  if (!early) return undefined;
  pending.delete(url);
  if (early.token !== token || now - early.at > MAX_AGE_MS) return undefined;
  return early.response;
}

/**
 * The JSON body of the early answer for `url`, read from a copy (the app still takes the answer itself); undefined when
 * there is no such request, and a promise of undefined when it fails or is not a 2xx. Call it before the app can take
 * the answer (main.tsx does, at once).
 */
export function peekEarly(url: string): Promise<unknown> | undefined {
  const early = pending.get(url);
  if (!early) return undefined;
  return early.response.then((r) => (r.ok ? r.clone().json() : undefined)).catch(() => undefined);
}
