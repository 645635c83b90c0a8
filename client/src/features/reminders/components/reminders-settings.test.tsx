import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { base64UrlToBytes, pushMessages } from '../hooks/use-push-reminders';
import { RemindersSettings } from './reminders-settings';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });

// A VAPID public key is an uncompressed P-256 point: 65 bytes, base64url.
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const SUB = { endpoint: 'https://push.example.test/send/abc', expirationTime: null, keys: { p256dh: 'BPkey', auth: 'authsecret' } };

/** A browser with service workers and Push: what register/subscribe/unsubscribe were asked. */
function fakeBrowserPush(opts: { existing?: boolean; permission?: NotificationPermission } = {}) {
  let subscription: PushSubscription | null = null;
  const makeSub = () =>
    ({
      endpoint: SUB.endpoint,
      options: { applicationServerKey: base64UrlToBytes(PUBLIC_KEY).buffer },
      toJSON: () => SUB,
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  if (opts.existing) subscription = makeSub();
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = makeSub();
      return subscription;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  const Notification = {
    permission: opts.permission ?? (opts.existing ? 'granted' : 'default'),
    requestPermission: vi.fn(async () => opts.permission ?? 'granted'),
  };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  return { serviceWorker, pushManager, Notification, current: () => subscription };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const render = () => renderWithProviders(<RemindersSettings />, { auth: fakeAuth({ user: makeUser() }) });
const pushSwitch = () => within(screen.getByTestId('push-switch')).getByRole('checkbox');
const calls = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname.endsWith(path));

describe('Settings › Reminders: push on this device', { timeout: 20_000 }, () => {
  it('on: asks permission, registers /sw.js, subscribes with the VAPID key and sends the subscription', async () => {
    const user = userEvent.setup();
    const push = fakeBrowserPush();
    const fetchMock = stubFetch({
      'GET /notifications/push/public-key': { body: { success: true, data: { publicKey: PUBLIC_KEY } } },
      'POST /notifications/push/subscriptions': { status: 201, body: { success: true, data: {} } },
      'GET /calendar/feed': { body: { success: true, data: { active: false, createdAt: null } } },
    });
    render();
    await waitFor(() => expect(screen.getByTestId('push-status')).toHaveTextContent('Off on this device.'));
    await user.click(pushSwitch());
    await waitFor(() => expect(screen.getByTestId('push-status')).toHaveTextContent('On: this device gets your reminders.'));
    expect(push.Notification.requestPermission).toHaveBeenCalled();
    expect(push.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(push.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(PUBLIC_KEY) });
    expect(base64UrlToBytes(PUBLIC_KEY)).toHaveLength(65);
    const [sent] = calls(fetchMock, 'POST', '/notifications/push/subscriptions');
    expect(JSON.parse(String(sent[1]?.body))).toEqual(SUB);
    expect(pushSwitch()).toBeChecked();
  });

  it('off: deletes the subscription on the server, then unsubscribes the browser', async () => {
    const user = userEvent.setup();
    const push = fakeBrowserPush({ existing: true });
    const sub = push.current()!;
    const fetchMock = stubFetch({
      'DELETE /notifications/push/subscriptions': { body: { success: true, data: { removed: true } } },
      'GET /calendar/feed': { body: { success: true, data: { active: false, createdAt: null } } },
    });
    render();
    await waitFor(() => expect(pushSwitch()).toBeChecked());
    await user.click(pushSwitch());
    await waitFor(() => expect(screen.getByTestId('push-status')).toHaveTextContent('Off on this device.'));
    const [sent] = calls(fetchMock, 'DELETE', '/notifications/push/subscriptions');
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ endpoint: SUB.endpoint });
    expect(sub.unsubscribe).toHaveBeenCalled();
  });

  it('blocked notifications: says how to allow them, subscribes nothing', async () => {
    const user = userEvent.setup();
    const push = fakeBrowserPush({ permission: 'denied' });
    stubFetch({
      'GET /notifications/push/public-key': { body: { success: true, data: { publicKey: PUBLIC_KEY } } },
      'GET /calendar/feed': { body: { success: true, data: { active: false, createdAt: null } } },
    });
    render();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await user.click(pushSwitch());
    expect(await screen.findByText(pushMessages.blocked)).toBeInTheDocument();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(pushSwitch()).not.toBeChecked();
  });

  it('a server without VAPID keys and a browser without push both say so', async () => {
    const user = userEvent.setup();
    fakeBrowserPush();
    stubFetch({ 'GET /calendar/feed': { body: { success: true, data: { active: false, createdAt: null } } } }); // public-key: 404
    const { unmount } = render();
    await waitFor(() => expect(pushSwitch()).toBeEnabled());
    await user.click(pushSwitch());
    expect(await screen.findByText(pushMessages.notConfigured)).toBeInTheDocument();
    unmount();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    render();
    expect(screen.getByTestId('push-status')).toHaveTextContent(pushMessages.unsupported);
    expect(pushSwitch()).toBeDisabled();
  });
});

describe('Settings › Reminders: calendar feed', { timeout: 20_000 }, () => {
  it('creates the secret address, copies it, and stops the feed', async () => {
    const user = userEvent.setup();
    const url = 'http://localhost:3000/api/v1/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde.ics';
    let active = false;
    const fetchMock = stubFetch({
      'GET /calendar/feed': {
        body: {
          success: true,
          data: {
            get active() {
              return active;
            },
            createdAt: null,
          },
        },
      },
      'POST /calendar/feed': { status: 201, body: { success: true, data: { url, webcalUrl: url.replace('http:', 'webcal:') } } },
      'DELETE /calendar/feed': { body: { success: true, data: { removed: true } } },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render();
    expect(screen.getByTestId('calendar-help')).toHaveTextContent("To add it to your phone's calendar");
    active = true;
    await user.click(await screen.findByRole('button', { name: 'Create calendar feed' }));
    expect(await screen.findByLabelText('Your secret calendar address')).toHaveValue(url);
    expect(screen.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', url.replace('http:', 'webcal:'));
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Address copied.')).toBeInTheDocument();

    active = false;
    await user.click(screen.getByRole('button', { name: 'Stop calendar feed' }));
    await waitFor(() => expect(screen.queryByLabelText('Your secret calendar address')).toBeNull());
    expect(calls(fetchMock, 'DELETE', '/calendar/feed')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Create calendar feed' })).toBeInTheDocument();
  });
});
