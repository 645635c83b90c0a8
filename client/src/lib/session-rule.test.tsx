// A session ends only when the server refuses this session's token (401). A 5xx, a timeout or no network keeps
// the token and the stored user; the app says it is reconnecting and recovers by itself.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { useAuth } from '@/lib/auth/use-auth';
import { api, ApiError, NETWORK_ERROR_STATUS, REQUEST_TIMEOUT_MS, UNAUTHORIZED_EVENT } from './api-client';
import { getConnectivity, resetConnectivity } from './connectivity';

const USER = { id: 'u1', email: 'sleepy@example.com', fullName: 'Sleepy Head' };

/** The provider as the app mounts it: inside the query cache that holds the signed-in user. */
function Session({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

function Who() {
  const { user, isLoading } = useAuth();
  return <p data-testid="who">{isLoading ? 'loading' : (user?.email ?? 'signed out')}</p>;
}

function signedIn(token = 'tok-1') {
  localStorage.setItem('token', token);
  localStorage.setItem('user', JSON.stringify(USER));
}

const answer = (status: number, body: unknown = { success: false, statusCode: status, error: 'x', message: 'x' }) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the session rule', () => {
  beforeEach(() => {
    localStorage.clear();
    resetConnectivity();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each([
    ['a 503', () => Promise.resolve(answer(503))],
    ['a 500', () => Promise.resolve(answer(500))],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s on the start-up check keeps the token and the stored user, and says reconnecting', async (_name, reply) => {
    signedIn();
    vi.stubGlobal('fetch', vi.fn(reply));
    render(
      <Session>
        <Who />
      </Session>,
    );
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('sleepy@example.com'));
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ email: USER.email });
    expect(getConnectivity()).not.toBe('online');
  });

  it('the service answering again ends "reconnecting" and refreshes the user, without a reload', async () => {
    signedIn();
    let down = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (down ? answer(503) : answer(200, { success: true, data: { ...USER, fullName: 'Awake Now' } }))),
    );
    function Name() {
      const { user } = useAuth();
      return <p data-testid="name">{user?.fullName}</p>;
    }
    render(
      <Session>
        <Name />
      </Session>,
    );
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Sleepy Head'));
    expect(getConnectivity()).toBe('unreachable');
    down = false;
    // the reconnect tick (2 s) asks again
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('Awake Now'), { timeout: 5000 });
    expect(getConnectivity()).toBe('online');
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('a 401 for the current token ends the session: token and stored user go', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401)),
    );
    render(
      <Session>
        <Who />
      </Session>,
    );
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('signed out'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('a 401 for a token that is no longer the session’s signs nobody out', async () => {
    signedIn('old');
    const listener = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        localStorage.setItem('token', 'new'); // a password change stored a fresh token meanwhile
        return answer(401);
      }),
    );
    await expect(api.get('/challenges')).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
  });

  it('api-client: a 503 and a network failure fire no sign-out; a 401 for the current token does', async () => {
    signedIn();
    const listener = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503)),
    );
    await expect(api.get('/wallet/balance')).rejects.toMatchObject({ status: 503 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/wallet/balance')).rejects.toMatchObject({ status: NETWORK_ERROR_STATUS });
    expect(listener).not.toHaveBeenCalled();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401)),
    );
    await expect(api.get('/wallet/balance')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
  });

  it('api-client: a request with no answer in time is a network failure (not a hang), and keeps the session', async () => {
    signedIn();
    vi.useFakeTimers();
    const listener = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))),
    );
    const pending = api.get('/challenges').catch((e: unknown) => e);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1);
    });
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(NETWORK_ERROR_STATUS);
    expect(listener).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('tok-1');
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
  });

  it('api-client: the caller’s own abort stays an AbortError', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
      ),
    );
    const controller = new AbortController();
    const pending = api.get('/challenges', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as DOMException).name).toBe('AbortError');
  });
});
