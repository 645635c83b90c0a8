import { vi } from 'vitest';

export interface StubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | 'network-error';

/** fetch stub: `handler` answers by method and path (after /api/v1) and sees the JSON body; calls are recorded. */
export function stubApi(handler: (call: StubCall) => Answer | undefined) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const raw = init?.body;
    let body: unknown = raw;
    if (typeof raw === 'string') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const call = { method: init?.method ?? 'GET', path: url.pathname.replace(/^\/api\/v1/, ''), query: url.searchParams, body };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { success: false, statusCode: 404, error: 'Not Found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
