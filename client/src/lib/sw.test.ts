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
    const payload = {
      title: 'Time to wake up',
      body: 'Check-in is open: ₹40 on 6:00 AM IST.',
      tag: 'window-2026-04-02',
      url: 'http://localhost:3000/dashboard',
      challengeId: 'c1',
      kind: 'WINDOW_OPEN',
    };
    await dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      'Time to wake up',
      expect.objectContaining({
        body: 'Check-in is open: ₹40 on 6:00 AM IST.',
        icon: '/icons/icon-192.png',
        tag: 'window-2026-04-02',
        // APP_URL may name another host for the same app: the path is kept, on this origin
        data: { url: `${ORIGIN}/dashboard` },
      }),
    );
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

  describe('the app shell offline', () => {
    type Store = Map<string, Response>;
    function withCaches() {
      const stores = new Map<string, Store>();
      const open = async (name: string) => {
        if (!stores.has(name)) stores.set(name, new Map());
        const store = stores.get(name)!;
        const keyOf = (r: string | Request) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).pathname;
        return {
          match: async (r: string | Request) => store.get(keyOf(r))?.clone(),
          put: async (r: string | Request, res: Response) => void store.set(keyOf(r), res),
          keys: async () => [...store.keys()].map((k) => new Request(ORIGIN + k)),
          delete: async (r: string | Request) => store.delete(keyOf(r)),
        };
      };
      const caches = {
        open,
        keys: async () => [...stores.keys()],
        delete: async (name: string) => stores.delete(name),
        match: async (r: string | Request, opts?: { cacheName?: string }) => (await open(opts?.cacheName ?? 'wakestake-shell-v1')).match(r),
      };
      return { caches, stores };
    }

    const html = (body: string, status = 200) => {
      const res = new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
      Object.defineProperty(res, 'type', { value: 'basic' });
      return res;
    };
    const js = (body: string) => {
      const res = new Response(body, { status: 200, headers: { 'content-type': 'text/javascript' } });
      Object.defineProperty(res, 'type', { value: 'basic' });
      return res;
    };

    function worker(fetchImpl: (req: Request | string) => Promise<Response>) {
      const { caches, stores } = withCaches();
      const handlers: Record<string, (event: unknown) => void> = {};
      const self = {
        location: new URL(`${ORIGIN}/sw.js`),
        addEventListener: (type: string, fn: (event: unknown) => void) => (handlers[type] = fn),
        skipWaiting: vi.fn(),
        registration: { showNotification: vi.fn(), navigationPreload: { enable: vi.fn(async () => undefined) } },
        clients: { claim: vi.fn(), matchAll: vi.fn(async () => []), openWindow: vi.fn() },
      };
      const fetchSpy = vi.fn(fetchImpl);
      new Function('self', 'caches', 'fetch', source)(self, caches, fetchSpy);
      /** Dispatches a fetch; resolves with the worker's answer, or 'network' when it let the browser go on its own. */
      const request = async (path: string, mode: RequestMode | 'navigate' = 'cors', preload?: Promise<Response | undefined>) => {
        let answer: Promise<Response> | undefined;
        const waits: Promise<unknown>[] = [];
        const req = { url: ORIGIN + path, method: 'GET', mode } as unknown as Request;
        handlers.fetch({
          request: req,
          preloadResponse: preload ?? Promise.resolve(undefined),
          respondWith: (p: Promise<Response>) => (answer = p),
          waitUntil: (p: Promise<unknown>) => waits.push(p),
        });
        if (!answer) return 'network' as const;
        const res = await answer;
        await Promise.all(waits);
        await new Promise((r) => setTimeout(r, 0));
        return res;
      };
      const dispatch = async (type: string, event: Record<string, unknown> = {}) => {
        let pending: Promise<unknown> = Promise.resolve();
        handlers[type]({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
        await pending;
      };
      return { self, request, dispatch, stores, fetchSpy };
    }

    it('never answers for the API (nor POSTs): the network has them, nothing is cached', async () => {
      const w = worker(async () => js('x'));
      expect(await w.request('/api/v1/wallet/balance')).toBe('network');
      expect(await w.request('/api/v1/auth/profile', 'navigate')).toBe('network');
      expect(w.fetchSpy).not.toHaveBeenCalled();
    });

    it('pages: the network first (its copy kept); offline or a 5xx, the kept page', async () => {
      let online = true;
      let status = 200;
      const w = worker(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return html(`<p>app ${status}</p>`, status);
      });
      await w.dispatch('install');
      await w.dispatch('activate');
      expect(w.self.registration.navigationPreload.enable).toHaveBeenCalled();
      expect(await w.stores.get('wakestake-shell-v1')!.get('/')!.clone().text()).toBe('<p>app 200</p>');

      const live = (await w.request('/dashboard', 'navigate')) as Response;
      expect(await live.text()).toBe('<p>app 200</p>');

      online = false;
      const offline = (await w.request('/dashboard', 'navigate')) as Response;
      expect(offline.status).toBe(200);
      expect(await offline.text()).toBe('<p>app 200</p>');

      online = true;
      status = 503;
      const down = (await w.request('/wallet', 'navigate')) as Response;
      expect(await down.text()).toBe('<p>app 200</p>');
    });

    it('the navigation preload answer is used when there is one (no second request)', async () => {
      const w = worker(async () => html('from fetch'));
      const res = (await w.request('/dashboard', 'navigate', Promise.resolve(html('preloaded')))) as Response;
      expect(await res.text()).toBe('preloaded');
      expect(w.fetchSpy).not.toHaveBeenCalled();
    });

    it('hashed assets: from the cache once kept; the page names what it loaded and the worker keeps it', async () => {
      let online = true;
      const w = worker(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return js('code');
      });
      await w.dispatch('message', {
        data: { type: 'keep-shell', urls: [`${ORIGIN}/assets/index-abc.js`, `${ORIGIN}/boot.js`, 'https://elsewhere.example/x.js', `${ORIGIN}/api/v1/config`] },
      });
      expect([...w.stores.get('wakestake-shell-v1')!.keys()].sort()).toEqual(['/assets/index-abc.js', '/boot.js']);
      online = false;
      const res = (await w.request('/assets/index-abc.js')) as Response;
      expect(await res.text()).toBe('code');
      const boot = (await w.request('/boot.js')) as Response;
      expect(await boot.text()).toBe('code');
      await expect(w.request('/assets/never-seen.js')).rejects.toThrow('Failed to fetch');
    });
  });
});
