// Google Identity Services, loaded only when the Google tab is opened.
export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';
export const GOOGLE_SDK_TIMEOUT_MS = 10_000;
export const GOOGLE_SDK_FAILED = 'Google Sign-In SDK failed to load';

export interface GoogleCredentialResponse {
  credential?: string;
}

export interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void; ux_mode?: 'popup' | 'redirect' }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
  cancel?: () => void;
}

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } };

function sdk(): GoogleAccountsId | undefined {
  return (window as GoogleWindow).google?.accounts?.id;
}

let pending: Promise<GoogleAccountsId> | null = null;

/** Adds the script once and waits (polling) up to `timeoutMs` for `google.accounts.id`. */
export function loadGoogleSdk(timeoutMs = GOOGLE_SDK_TIMEOUT_MS): Promise<GoogleAccountsId> {
  const ready = sdk();
  if (ready) return Promise.resolve(ready);
  if (pending) return pending;
  pending = new Promise<GoogleAccountsId>((resolve, reject) => {
    if (!document.querySelector(`script[src="${GOOGLE_SDK_URL}"]`)) {
      const script = document.createElement('script');
      script.src = GOOGLE_SDK_URL;
      script.async = true;
      script.defer = true;
      document.head.appendChild(script);
    }
    const started = Date.now();
    const timer = window.setInterval(() => {
      const id = sdk();
      if (id) {
        window.clearInterval(timer);
        resolve(id);
      } else if (Date.now() - started >= timeoutMs) {
        window.clearInterval(timer);
        reject(new Error(GOOGLE_SDK_FAILED));
      }
    }, 100);
  }).finally(() => {
    pending = null;
  });
  return pending;
}
