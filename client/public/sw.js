// WakeStake's service worker: Web Push reminders only (issue #22). No fetch handler on purpose: every request goes
// straight to the network as before (a pass-through handler would only add a hop to each page load), and the app
// holds money, so nothing is served stale from a cache.
// A push from the server (src/modules/notifications/domain/reminders.ts) carries { title, body, tag, url, challengeId, kind }.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
