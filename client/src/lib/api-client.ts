import { storageKeys } from '@/config/storage-keys';
import { reportAnswered, reportUnreachable } from './connectivity';
import { takeEarly } from './early-requests';

/** Base URL of the API: same origin `/api/v1` unless VITE_API_URL says otherwise. */
export const API_BASE_URL = (import.meta.env.VITE_API_URL ?? '/api/v1').replace(/\/+$/, '');

/** Fired on window when a request that carried a token gets a 401 (expired or revoked session). */
export const UNAUTHORIZED_EVENT = 'wakestake:unauthorized';

/** Status used for requests that never got an HTTP answer (server down, offline, CORS, no answer in time). */
export const NETWORK_ERROR_STATUS = 0;

/** A request without an answer after this long is a network failure (a 6 AM phone on a dead cell, not a spinner). */
export const REQUEST_TIMEOUT_MS = 20_000;

function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/**
 * Fetch with a time limit; the caller's own abort stays an AbortError, the time limit is a network error.
 * Every answer is reported to lib/connectivity (a 5xx or no answer: "reconnecting"; anything else: "online").
 */
async function send(url: string, init: RequestInit, early?: Promise<Response>): Promise<Response> {
  const timeout = new AbortController();
  const outer = init.signal;
  const onAbort = () => timeout.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  if (outer?.aborted) onAbort();
  const timer = setTimeout(() => timeout.abort(new DOMException('No answer in time', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  try {
    const response = await (early ? Promise.race([early, abortedBy(timeout.signal)]) : fetch(url, { ...init, signal: timeout.signal }));
    if (response.status >= 500) reportUnreachable(false);
    else reportAnswered();
    return response;
  } catch (cause) {
    if (outer?.aborted) throw cause instanceof DOMException && cause.name === 'AbortError' ? cause : new DOMException('Aborted', 'AbortError');
    reportUnreachable(true);
    throw new ApiError(NETWORK_ERROR_STATUS, errorMessages.network, { cause });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/** SPEC.md section 8: what a person sees for each HTTP status. */
export const errorMessages = {
  400: 'Invalid request',
  401: 'Please login again',
  403: 'Access denied',
  404: 'Resource not found',
  500: 'Server error. Please try again later',
  other: 'An unexpected error occurred',
  network: 'Unable to connect to server. Please check your connection and try again.',
} as const;

/** Body of an error answer: `{ success:false, statusCode, error, message }`. */
export interface ApiErrorBody {
  success?: false;
  statusCode?: number;
  error?: string;
  message?: string | string[];
  [key: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  /** The server's own words (`error` or `message`), when it sent any; screens prefer it where SPEC.md says so. */
  readonly serverMessage?: string;
  readonly body?: unknown;

  constructor(status: number, message: string, options: { serverMessage?: string; body?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = options.serverMessage;
    this.body = options.body;
  }

  /** True when the server was never reached. */
  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value;
  if (Array.isArray(value)) {
    const parts = value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (parts.length) return parts.join(', ');
  }
  return undefined;
}

/** The message the server put in its error body, if any (`error` first, then `message`). */
export function serverMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' ? textOf(body) : undefined;
  const b = body as ApiErrorBody;
  return textOf(b.error) ?? textOf(b.message);
}

/** SPEC.md section 8 catalogue: 400 shows the server's `error` field, the other statuses fixed words. */
export function messageForStatus(status: number, body?: unknown): string {
  switch (status) {
    case NETWORK_ERROR_STATUS:
      return errorMessages.network;
    case 400: {
      const error = body && typeof body === 'object' ? textOf((body as ApiErrorBody).error) : undefined;
      return error ?? serverMessageOf(body) ?? errorMessages[400];
    }
    case 401:
      return errorMessages[401];
    case 403:
      return errorMessages[403];
    case 404:
      return errorMessages[404];
    case 500:
      return errorMessages[500];
    default:
      return errorMessages.other;
  }
}

/** The message to show for any thrown value: an ApiError's catalogue message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string = errorMessages.other): string {
  if (isApiError(error)) return error.message;
  return fallback;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(storageKeys.token);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(storageKeys.token, token);
  else localStorage.removeItem(storageKeys.token);
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** JSON body (serialised here). */
  json?: unknown;
  /** Form-encoded body (application/x-www-form-urlencoded). */
  form?: Record<string, string | number | boolean | null | undefined>;
  /** multipart/form-data body (the browser sets the boundary). */
  formData?: FormData;
  /** Send the stored bearer token (default true). */
  auth?: boolean;
}

export function buildUrl(path: string, query?: Query): string {
  const url = /^https?:\/\//.test(path) ? path : `${API_BASE_URL}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** One request to the API. Resolves with the parsed body; rejects with ApiError. */
export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
    body = form.toString();
  } else if (options.formData !== undefined) {
    body = options.formData;
  }
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = buildUrl(path, options.query);
  // main.tsx may already have sent this GET while the app's code loaded (lib/early-requests.ts).
  const early = method === 'GET' && body === undefined && !options.headers ? takeEarly(url, token) : undefined;
  const response = await send(url, { method, headers, body, signal: options.signal }, early);

  const data = await readBody(response);
  if (!response.ok) {
    // Only when the refused token is still the session's: a request sent before a password change (which hands back a
    // fresh token and revokes the old one) may answer 401 after it, and must not sign the person out.
    if (response.status === 401 && token && token === getToken() && typeof window !== 'undefined') {
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    throw new ApiError(response.status, messageForStatus(response.status, data), {
      serverMessage: serverMessageOf(data),
      body: data,
    });
  }
  return data as T;
}

/** `{ success, data }` envelopes are unwrapped; anything else is returned as is. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'data' in body && (body as { data: unknown }).data !== undefined) {
    return (body as { data: T }).data;
  }
  return body as T;
}

type Opts = Omit<RequestOptions, 'json' | 'form' | 'formData'>;

export const api = {
  get: <T = unknown>(path: string, options?: Opts) => request<T>('GET', path, options),
  delete: <T = unknown>(path: string, options?: Opts) => request<T>('DELETE', path, options),
  post: <T = unknown>(path: string, json?: unknown, options?: Opts) => request<T>('POST', path, { ...options, json }),
  put: <T = unknown>(path: string, json?: unknown, options?: Opts) => request<T>('PUT', path, { ...options, json }),
  patch: <T = unknown>(path: string, json?: unknown, options?: Opts) => request<T>('PATCH', path, { ...options, json }),
  /** POST application/x-www-form-urlencoded (e.g. /wallet/verify-payment). */
  postForm: <T = unknown>(path: string, form: NonNullable<RequestOptions['form']>, options?: Opts) => request<T>('POST', path, { ...options, form }),
  /** POST multipart/form-data (file uploads, e.g. a check-in selfie). */
  postMultipart: <T = unknown>(path: string, formData: FormData, options?: Opts) => request<T>('POST', path, { ...options, formData }),
};

/** A file (an export, a photo) as bytes with its headers, with the stored token; errors as `request` gives them. */
export async function getBlob(path: string, options: Opts = {}): Promise<{ blob: Blob; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await send(buildUrl(path, options.query), { headers, signal: options.signal });
  if (!response.ok) {
    const data = await readBody(response);
    if (response.status === 401 && token && token === getToken() && typeof window !== 'undefined') window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    throw new ApiError(response.status, messageForStatus(response.status, data), { serverMessage: serverMessageOf(data), body: data });
  }
  return { blob: await response.blob(), headers: response.headers };
}
