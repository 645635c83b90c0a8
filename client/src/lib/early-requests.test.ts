import { afterEach, describe, expect, it, vi } from 'vitest';
import { peekEarly, requestEarly, takeEarly } from './early-requests';

describe('early requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stubFetch = () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('hands an early answer to the first request for the same URL and session, once', async () => {
    const fetch = stubFetch();
    requestEarly([{ url: '/api/v1/wallet/balance', token: 't1' }], 1_000);
    expect(fetch).toHaveBeenCalledWith('/api/v1/wallet/balance', { headers: { Accept: 'application/json', Authorization: 'Bearer t1' } });
    const early = takeEarly('/api/v1/wallet/balance', 't1', 2_000);
    expect(await (await early!).json()).toEqual({ ok: true });
    expect(takeEarly('/api/v1/wallet/balance', 't1', 2_000)).toBeUndefined();
  });

  it('never hands an answer fetched for another session, or a stale one', () => {
    stubFetch();
    requestEarly(
      [
        { url: '/a', token: 't1' },
        { url: '/b', token: 't1' },
        { url: '/c', token: null },
      ],
      1_000,
    );
    expect(takeEarly('/a', 't2', 2_000)).toBeUndefined();
    expect(takeEarly('/b', 't1', 20_000)).toBeUndefined();
    expect(takeEarly('/c', 't1', 2_000)).toBeUndefined();
  });

  it('lets the entry script read an early answer while the app still takes it whole', async () => {
    stubFetch();
    requestEarly([{ url: '/api/v1/auth/profile', token: 't1' }], 1_000);
    expect(await peekEarly('/api/v1/auth/profile')).toEqual({ ok: true });
    const early = takeEarly('/api/v1/auth/profile', 't1', 2_000);
    expect(await (await early!).json()).toEqual({ ok: true });
    expect(peekEarly('/api/v1/auth/profile')).toBeUndefined();
  });

  it('peeks nothing from a refused or failed answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url === '/x' ? new Response('{}', { status: 401 }) : Promise.reject(new TypeError('offline')))),
    );
    requestEarly(
      [
        { url: '/x', token: 't1' },
        { url: '/y', token: 't1' },
      ],
      1_000,
    );
    expect(await peekEarly('/x')).toBeUndefined();
    expect(await peekEarly('/y')).toBeUndefined();
    expect(peekEarly('/z')).toBeUndefined();
  });
});
