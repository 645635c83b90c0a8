import { api, unwrap } from '@/lib/api-client';
import type { AuthResponse } from '@/types/api';

// Passkeys (WebAuthn). The browser half (@simplewebauthn/browser) is loaded only when a passkey is used.

export interface Passkey {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  transports: string[];
}

type Json = Record<string, unknown>;
const webauthn = () => import('@simplewebauthn/browser');

/** The browser can do WebAuthn at all (PublicKeyCredential exists). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The device has a fingerprint/face/PIN authenticator of its own (what the phone offer is about). */
export async function platformPasskeyAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return await window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

/** Creates a passkey on this device for the signed-in user and stores it on the server. */
export async function addPasskey(): Promise<Passkey> {
  const options = unwrap<Json>(await api.post('/auth/passkeys/registration-options'));
  const { startRegistration } = await webauthn();
  const credential = await startRegistration({ optionsJSON: options as never });
  return unwrap<Passkey>(await api.post('/auth/passkeys/register', { credential }));
}

/** Asks the device for a passkey of this site (one of `email`'s when given) and signs in with it. */
export async function passkeyLoginRequest(email?: string): Promise<AuthResponse> {
  const options = unwrap<Json>(await api.post('/auth/passkeys/login-options', email ? { email } : {}, { auth: false }));
  const { startAuthentication } = await webauthn();
  const credential = await startAuthentication({ optionsJSON: options as never });
  return api.post<AuthResponse>('/auth/passkeys/login', { credential }, { auth: false });
}

export async function listPasskeys(): Promise<Passkey[]> {
  return unwrap<{ passkeys: Passkey[] }>(await api.get('/auth/passkeys')).passkeys;
}

export function removePasskey(id: string): Promise<unknown> {
  return api.delete(`/auth/passkeys/${encodeURIComponent(id)}`);
}

/** A person closing the browser's passkey sheet (or it timing out) is not an error to explain at length. */
export function passkeyCancelled(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError';
}
