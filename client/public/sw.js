// WakeStake's service worker: Web Push reminders (issue #22), and since issue 30 the app's shell offline. A phone that
// reloads with no network (or while the server is down) gets index.html and the app's code from here, so it shows the
// app (signed in, with the last dashboard the app kept: lib/last-dashboard.ts) instead of the browser's error page.
// What it serves and how:
// - page loads (navigations): the network first, through navigation preload (the request starts while the worker
//   wakes, so no hop is added to a load); the last good page (index.html: every route answers with it) when the
//   network fails or the server answers 5xx;
// - /assets/* (hashed by the build, never changed): the cache first, else the network, kept as it passes;
// - /boot.js, the icons and the manifest: the network first, the cache when it fails;
// - everything else, the API above all, is not touched: the worker never caches an API answer (money is never served
//   from here; the app labels its own last figures "as of").
// A push from the server (src/modules/notifications/domain/reminders.ts) carries { title, body, tag, url, challengeId, kind }.

const SHELL_CACHE = 'wakestake-shell-v1';
const SHELL_KEY = '/';
const STATIC_FILES = ['/boot.js', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];
/** Hashed assets kept at most (the oldest go first): a few builds' worth of the app's chunks. */
const MAX_ASSETS = 300;

/** A good copy of the app's page: a 200 HTML answer from this origin, not a redirect. */
function isShell(response) {
  return !!response && response.status === 200 && response.type === 'basic' && !response.redirected && (response.headers.get('content-type') || '').includes('text/html');
}

async function keepShell(response) {
  if (!isShell(response)) return;
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(SHELL_KEY, response);
}

async function trimAssets(cache) {
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
  for (let i = 0; i < keys.length - MAX_ASSETS; i++) await cache.delete(keys[i]);
}

/** The page's own list of what it loaded (lib/service-worker.ts): the app's code of this build, from the HTTP cache. */
async function keepAssets(urls) {
  const cache = await caches.open(SHELL_CACHE);
  const wanted = [];
  for (const raw of urls) {
    let url;
    try {
      url = new URL(raw, self.location.origin);
    } catch (e) {
      continue;
    }
    if (url.origin !== self.location.origin) continue;
    if (!url.pathname.startsWith('/assets/') && STATIC_FILES.indexOf(url.pathname) < 0) continue;
    if (url.pathname.startsWith('/assets/') && (await cache.match(url.pathname))) continue;
    wanted.push(url.pathname);
  }
  await Promise.all(
    wanted.map((path) =>
      fetch(path)
        .then((res) => (res.ok ? cache.put(path, res) : undefined))
        .catch(() => undefined),
    ),
  );
  await trimAssets(cache);
}

async function navigate(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    if (response.status < 500) {
      if (isShell(response)) event.waitUntil(keepShell(response.clone()).catch(() => undefined));
      return response;
    }
    const shell = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE });
    return shell || response;
  } catch (e) {
    const shell = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw e;
  }
}

async function asset(request, path) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(path);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    cache.put(path, copy).then(() => trimAssets(cache)).catch(() => undefined);
  }
  return response;
}

async function staticFile(request, path) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      caches.open(SHELL_CACHE).then((cache) => cache.put(path, copy)).catch(() => undefined);
    }
    return response;
  } catch (e) {
    const hit = await caches.match(path, { cacheName: SHELL_CACHE });
    if (hit) return hit;
    throw e;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  // The API (and the metrics, the worker itself) always go to the network untouched.
  if (path.startsWith('/api/') || path === '/api' || path === '/metrics' || path === '/sw.js') return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
    return;
  }
  if (path.startsWith('/assets/')) {
    event.respondWith(asset(request, path));
    return;
  }
  if (STATIC_FILES.indexOf(path) >= 0) event.respondWith(staticFile(request, path));
});

self.addEventListener('message', (event) => {
  const msg = event.data || {};
  if (msg.type === 'keep-shell' && Array.isArray(msg.urls)) event.waitUntil(keepAssets(msg.urls).catch(() => undefined));
});

self.addEventListener('install', (event) => {
  self.skipWaiting();
  // The app's page, so the first reload without a network already has it (the page sends its code's list once it is
  // controlled: 'keep-shell' below).
  event.waitUntil(
    fetch(SHELL_KEY, { cache: 'no-cache' })
      .then((response) => keepShell(response))
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable().catch(() => undefined);
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('wakestake-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

function readPush(data) {
  if (!data) return {};
  try {
    return data.json() || {};
  } catch (e) {
    return { body: data.text() };
  }
}

/** A path on this origin: the server's APP_URL may name another host for the same app (a proxy, 127.0.0.1). */
function appUrl(raw) {
  try {
    const u = new URL(raw || '/dashboard', self.location.origin);
    return new URL(u.pathname + u.search + u.hash, self.location.origin).href;
  } catch (e) {
    return new URL('/dashboard', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  const msg = readPush(event.data);
  const title = msg.title || 'WakeStake';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: msg.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: msg.tag || undefined,
      renotify: !!msg.tag,
      data: { url: appUrl(msg.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((c) => new URL(c.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused && focused.url !== url && 'navigate' in focused) await focused.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
