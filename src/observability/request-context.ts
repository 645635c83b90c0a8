import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The request (or the job a request enqueued) the current code runs for: its id goes into every log line. */
export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** An incoming X-Request-Id is kept when it is short and plain (no log injection), else a fresh UUID. */
const ACCEPTED = /^[A-Za-z0-9._:@-]{1,128}$/;

export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && ACCEPTED.test(header) ? header : randomUUID();
}

/** pino's mixin: the id of the request or job in every line (the access line also carries it as req.id). */
export function requestIdMixin(): Record<string, unknown> {
  const id = requestContext.getStore()?.requestId;
  return id ? { requestId: id } : {};
}
