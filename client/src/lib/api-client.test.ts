import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/test-utils';
import { api, ApiError, messageForStatus, NETWORK_ERROR_STATUS, UNAUTHORIZED_EVENT } from './api-client';
import { requestEarly } from './early-requests';

async function failure(status: number, body: unknown): Promise<ApiError> {
  stubFetch({ 'GET /thing': { status, body } });
  try {
    await api.get('/thing');
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('api-client error catalogue (SPEC.md section 8)', () => {
  const body = (error: string) => ({ success: false, statusCode: 0, error, message: error });

  it('shows the server error field for a 400', async () => {
    const error = await failure(400, body('amount must be at least 100'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('amount must be at least 100');
  });

  it("falls back to 'Invalid request' for a 400 without an error field", async () => {
    expect((await failure(400, {})).message).toBe('Invalid request');
  });

  it.each([
    [401, 'Please login again'],
    [403, 'Access denied'],
    [404, 'Resource not found'],
    [500, 'Server error. Please try again later'],
    [409, 'An unexpected error occurred'],
    [502, 'An unexpected error occurred'],
  ])('maps %i to %s whatever the server said', async (status, message) => {
    const error = await failure(status, body('internal words'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.serverMessage).toBe('internal words');
  });

  it('marks a request that never reached the server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await api.get('/thing').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(NETWORK_ERROR_STATUS);
    expect(error.isNetworkError).toBe(true);
  });

  it('exposes the mapping as a pure function too', () => {
    expect(messageForStatus(400, { error: 'Email already registered' })).toBe('Email already registered');
    expect(messageForStatus(418)).toBe('An unexpected error occurred');
  });
});

describe('api-client requests', () => {
  it('sends the stored token as a bearer token to /api/v1', async () => {
    localStorage.setItem('token', 'abc.def');
    const fetchMock = stubFetch({ 'GET /auth/profile': { body: { success: true, data: { id: '1' } } } });
    await api.get('/auth/profile');
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/v1/auth/profile');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc.def');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = stubFetch({ 'GET /config': { body: {} } });
    await api.get('/config');
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('encodes JSON and form bodies', async () => {
    const fetchMock = stubFetch({ 'POST /a': { body: {} }, 'POST /b': { body: {} } });
    await api.post('/a', { amount: 100 });
    await api.postForm('/b', { orderId: 'o 1', paymentId: 'p&2' });
    const [, jsonInit] = fetchMock.mock.calls[0];
    const [, formInit] = fetchMock.mock.calls[1];
    expect((jsonInit?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(jsonInit?.body).toBe('{"amount":100}');
    expect((formInit?.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(formInit?.body).toBe('orderId=o+1&paymentId=p%262');
  });

  it('announces a 401 on an authenticated call so the session can end', async () => {
    localStorage.setItem('token', 'expired');
    stubFetch({ 'GET /wallet': { status: 401, body: { error: 'Unauthorized' } } });
    const listener = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    await api.get('/wallet').catch(() => undefined);
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a 401 to a token replaced meanwhile (a password change) does not end the new session', async () => {
    localStorage.setItem('token', 'old');
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const listener = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    const pending = api.get('/notifications').catch((e: unknown) => e);
    localStorage.setItem('token', 'fresh');
    answer(new Response(JSON.stringify({ error: 'Unauthorized' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    expect(await pending).toBeInstanceOf(ApiError);
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    vi.unstubAllGlobals();
    expect(listener).not.toHaveBeenCalled();
    localStorage.removeItem('token');
  });
});

describe('early answers (main.tsx)', () => {
  it('a GET uses the answer main.tsx already requested for the same URL and session instead of asking again', async () => {
    localStorage.setItem('token', 'tk');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ balance: 250 }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    requestEarly([{ url: '/api/v1/wallet/balance', token: 'tk' }]);
    expect(await api.get('/wallet/balance')).toEqual({ balance: 250 });
    expect(fetch).toHaveBeenCalledTimes(1);
    await api.get('/wallet/balance');
    expect(fetch).toHaveBeenCalledTimes(2);
    localStorage.removeItem('token');
    vi.unstubAllGlobals();
  });
});
