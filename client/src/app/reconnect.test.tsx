// "comes back by itself when the service answers again". When the network went with everything already
// loaded, no read has failed to be asked again; the reconnect ticks then ask GET /health, whose answer ends the
// "reconnecting" state (before, nothing was asked and the bar stayed for good).
import { QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConnectivity, reportUnreachable, resetConnectivity } from '@/lib/connectivity';
import { AppProvider } from './provider';

vi.setConfig({ testTimeout: 20_000 });

const health = (status: number) =>
  new Response(JSON.stringify({ success: status < 500, status: status < 500 ? 'ok' : 'down' }), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  resetConnectivity();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetConnectivity();
});

describe('reconnecting with nothing failed to ask again', () => {
  it('asks GET /health on the backoff while unreachable; a 503 keeps "reconnecting", a 200 ends it', async () => {
    let status = 503;
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => health(status));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setQueryData(['wallet', 'u1', 'balance'], 420); // loaded before the network went: nothing in error
    render(
      <AppProvider queryClient={client}>
        <p>app</p>
      </AppProvider>,
    );
    const healthCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/v1/health')).length;
    reportUnreachable(false);
    await waitFor(() => expect(healthCalls()).toBeGreaterThanOrEqual(1), { timeout: 5000 }); // first tick at 2 s
    expect(getConnectivity()).toBe('unreachable'); // the service still answers 503
    status = 200;
    await waitFor(() => expect(getConnectivity()).toBe('online'), { timeout: 8000 }); // next tick at 4 s
    const asked = healthCalls();
    await new Promise((r) => setTimeout(r, 2500));
    expect(healthCalls()).toBe(asked); // online: no more probes
  });
});
