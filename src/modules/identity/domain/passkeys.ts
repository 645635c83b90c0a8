// The relying party of passkeys and the reading of a browser's answer, pure.

/** The WebAuthn relying party: its id is APP_URL's host; answers are accepted from APP_URL and the CORS origins. */
export function relyingPartyOf(appUrl: string, corsOrigins: readonly string[]): { rpID: string; origins: string[] } {
  const app = new URL(appUrl);
  const origins = new Set([app.origin]);
  for (const o of corsOrigins) {
    try {
      origins.add(new URL(o).origin);
    } catch {
      // a malformed origin is refused at boot; nothing to add here
    }
  }
  return { rpID: app.hostname, origins: [...origins] };
}

/** The challenge inside a browser's answer (clientDataJSON, base64url JSON); null when it is not readable. */
export function challengeOf(credential: unknown): string | null {
  const data = (credential as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 8192) return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/** The credential's id as the browser sent it (base64url); null when missing or malformed. */
export function credentialIdOf(credential: unknown): string | null {
  const id = (credential as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{16,1024}$/.test(id) ? id : null;
}

/** The WebAuthn transports a browser may name (anything else is dropped before it is stored). */
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
export function knownTransports(list: unknown): string[] {
  return Array.isArray(list) ? [...new Set(list.filter((t): t is string => typeof t === 'string' && TRANSPORTS.has(t)))] : [];
}

export const RP_NAME = 'WakeStake';

export interface PasskeyView {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  transports: string[];
}

/** A stored passkey as its owner sees it (never the key or the credential id). */
export const passkeyView = (p: { id: string; createdAt: Date; lastUsedAt: Date | null; transports: string[] }): PasskeyView => ({
  id: p.id,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
  transports: p.transports,
});
