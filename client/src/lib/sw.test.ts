import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// public/sw.js run against a stand-in for the service worker global: what a push shows, and where a click goes.
const source = readFileSync(join(__dirname, '..', '..', 'public', 'sw.js'), 'utf8');
const ORIGIN = 'https://wakestake.example';

function loadWorker(windows: { url: string; focus: () => Promise<unknown>; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const handlers: Record<string, (event: unknown) => void> = {};
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: (event: unknown) => void) => (handlers[type] = fn),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { claim: vi.fn(), matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
  new Function('self', source)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    handlers[type]({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { self, dispatch };
}

describe('service worker (public/sw.js)', () => {
  it("shows the server's reminder with the app's icon, and keeps where to go", async () => {
    const { self, dispatch } = loadWorker();
    const payload = { title: 'Time to wake up', body: 'Check-in is open: ₹40 on 06:00.', tag: 'window-2026-04-02', url: 'http://localhost:3000/dashboard', challengeId: 'c1', kind: 'WINDOW_OPEN' };
    await dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith('Time to wake up', expect.objectContaining({
      body: 'Check-in is open: ₹40 on 06:00.',
      icon: '/icons/icon-192.png',
      tag: 'window-2026-04-02',
      // APP_URL may name another host for the same app: the path is kept, on this origin
      data: { url: `${ORIGIN}/dashboard` },
    }));
  });

  it('a click focuses an open WakeStake window and takes it to the page; with none open, opens one', async () => {
    const focused = { url: `${ORIGIN}/settings`, navigate: vi.fn(async () => undefined), focus: vi.fn() };
    focused.focus.mockResolvedValue(focused);
    const open = loadWorker([focused]);
    const notification = { close: vi.fn(), data: { url: `${ORIGIN}/dashboard` } };
    await open.dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
    expect(open.self.clients.openWindow).not.toHaveBeenCalled();

    const none = loadWorker([]);
    await none.dispatch('notificationclick', { notification: { close: vi.fn(), data: {} } });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
  });
});
