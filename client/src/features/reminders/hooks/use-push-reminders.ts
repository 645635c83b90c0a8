import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { registerServiceWorker, serviceWorkerSupported } from '@/lib/service-worker';
import { deletePushSubscription, getPushPublicKey, savePushSubscription } from '../api/push-api';

export const pushMessages = {
  unsupported: "This browser can't receive push reminders. On an iPhone, add WakeStake to your Home Screen first, then turn them on there.",
  notConfigured: 'Push reminders are not available on this server yet.',
  blocked: "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
  failed: 'Could not turn on push reminders. Please try again.',
  offFailed: 'Could not turn off push reminders. Please try again.',
} as const;

export function pushSupported(): boolean {
  return serviceWorkerSupported() && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

/** VAPID keys travel as base64url; PushManager.subscribe wants the bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export type PushState = 'checking' | 'unsupported' | 'off' | 'on';

/** Web Push on this browser: subscribe with the server's VAPID key and hand the subscription to the server; off deletes it. */
export function usePushReminders() {
  const supported = pushSupported();
  const [state, setState] = useState<PushState>(supported ? 'checking' : 'unsupported');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({ mutationFn: savePushSubscription }).mutateAsync;
  const remove = useMutation({ mutationFn: deletePushSubscription }).mutateAsync;

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription()
      .then((sub) => live && setState(sub && Notification.permission === 'granted' ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, [supported]);

  const enable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      let key: string;
      try {
        key = await getPushPublicKey();
      } catch (e) {
        setError(isApiError(e) && e.status === 404 ? pushMessages.notConfigured : pushMessages.failed);
        return;
      }
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setError(pushMessages.blocked);
        return;
      }
      const reg = await registerServiceWorker();
      const serverKey = base64UrlToBytes(key);
      let sub = await reg.pushManager.getSubscription();
      // a subscription made for another server key (keys rotated) cannot be used: start again
      if (sub && !sameKey(sub.options?.applicationServerKey, serverKey)) {
        await sub.unsubscribe();
        sub = null;
      }
      sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
      await save(sub.toJSON());
      setState('on');
    } catch {
      setError(pushMessages.failed);
    } finally {
      setBusy(false);
    }
  }, [save]);

  const disable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const sub = await currentSubscription();
      if (sub) {
        await remove(sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
    } catch {
      setError(pushMessages.offFailed);
    } finally {
      setBusy(false);
    }
  }, [remove]);

  return { state, busy, error, enable, disable };
}
