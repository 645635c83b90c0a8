import { createContext, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storageKeys } from '@/config/storage-keys';
import { getToken, isApiError, setToken, UNAUTHORIZED_EVENT } from '@/lib/api-client';
import { onReconnectTick } from '@/lib/connectivity';
import { forgetLastDashboard } from '@/lib/last-dashboard';
import type { AuthResponse, User } from '@/types/api';
import {
  getProfile,
  googleRequest,
  loginRequest,
  logoutRequest,
  normalizeUser,
  registerRequest,
  type LoginInput,
  type RegisterInput,
} from './auth-api';
import { passkeyLoginRequest } from './passkeys-api';
import { markSignedIn } from './passkey-offer-memory';
import { isProfileComplete } from './profile-complete';

export interface AuthContextValue {
  user: User | null;
  /** True until the stored token (if any) has been checked. */
  isLoading: boolean;
  /** A user is present and loading has finished. */
  isAuthenticated: boolean;
  isProfileComplete: boolean;
  login: (input: LoginInput) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  /** termsVersion: the terms the person accepted on the sign-up form (register tab only) */
  loginWithGoogle: (idToken: string, termsVersion?: string) => Promise<User>;
  /** Issue 30: asks the device for a passkey (one of `email`'s when given) and signs in with it. */
  loginWithPasskey: (email?: string) => Promise<User>;
  logout: () => Promise<void>;
  /** Re-reads GET /auth/profile; returns the fresh user (or the current one if the call fails). */
  refreshUser: () => Promise<User | null>;
  /** Replace the held user (e.g. after PUT /auth/profile answered with it). */
  setUser: (user: User | null) => void;
  /** True after the user chose Logout (until the next sign-in): the guards then remember no page to return to. */
  signedOutByUser?: boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(storageKeys.user);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

function storeUser(user: User | null): void {
  if (user) localStorage.setItem(storageKeys.user, JSON.stringify(user));
  else localStorage.removeItem(storageKeys.user);
}

function clearSession(): void {
  setToken(null);
  storeUser(null);
  forgetLastDashboard(); // issue 30: the dashboard kept for offline mornings goes with the session
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(null);
  // Without a stored token there is nothing to check: not loading from the first render, which spares the whole app a
  // second (blocking) render at start-up.
  const [isLoading, setIsLoading] = useState(() => !!getToken());
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  const setUser = useCallback((next: User | null) => {
    storeUser(next);
    setUserState(next);
  }, []);

  // Startup: a stored token is checked against GET /auth/profile; a failure signs out.
  useEffect(() => {
    const controller = new AbortController();
    if (!getToken()) {
      // Only the cached user goes: a token another tab stored since the check above must survive.
      storeUser(null);
      setIsLoading(false);
      return () => controller.abort();
    }
    // Issue 30: only a 401 for this token ends the session. A 5xx, a timeout or no network keeps the token and the stored
    // user (the app shows "reconnecting" with the last known data) and the check is asked again as the service returns.
    const token = getToken();
    const stored = readStoredUser();
    let settled = false;
    let inFlight = false;
    let stopTicks = () => {};
    const check = () => {
      if (inFlight) return;
      inFlight = true;
      // The answer re-renders the whole app: in a transition, so React renders it in slices a tap can interrupt.
      getProfile(controller.signal)
        .then((profile) => {
          settled = true;
          stopTicks();
          startTransition(() => setUser({ ...readStoredUser(), ...profile }));
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          if (isApiError(error) && error.status === 401) {
            settled = true;
            stopTicks();
            if (getToken() === token) {
              clearSession();
              setUserState(null);
            }
            return;
          }
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            // Refused for another reason (a 403, a 404): the session stands; nothing will change on a retry.
            settled = true;
            stopTicks();
            if (stored) startTransition(() => setUserState(stored));
            return;
          }
          // Not reached: the stored user stands meanwhile (a first sign-in on this device without one waits).
          if (stored) startTransition(() => setUserState((current) => current ?? stored));
        })
        .finally(() => {
          inFlight = false;
          if (!controller.signal.aborted && (settled || stored)) startTransition(() => setIsLoading(false));
        });
    };
    stopTicks = onReconnectTick(() => {
      if (!settled && !controller.signal.aborted) check();
    });
    check();
    return () => {
      stopTicks();
      controller.abort();
    };
  }, [setUser]);

  // A 401 on any authenticated call means the session is gone (expired or revoked).
  useEffect(() => {
    const onUnauthorized = () => {
      clearSession();
      setUserState(null);
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, []);

  const acceptAuth = useCallback(
    async (response: AuthResponse, noTokenMessage: string): Promise<User> => {
      if (!response?.token) throw new Error(noTokenMessage);
      setToken(response.token);
      let next = normalizeUser(response);
      try {
        // The auth answer lacks city/occupation etc.; the profile decides completeness.
        next = { ...next, ...(await getProfile()) };
      } catch {
        // Keep the auth answer's fields.
      }
      setUser(next);
      setSignedOutByUser(false);
      setIsLoading(false);
      markSignedIn(next.id); // the passkey offer may follow (issue 30)
      return next;
    },
    [setUser],
  );

  const login = useCallback(
    async (input: LoginInput) => acceptAuth(await loginRequest(input), 'Login failed - no token received'),
    [acceptAuth],
  );
  const register = useCallback(
    async (input: RegisterInput) => acceptAuth(await registerRequest(input), 'Registration failed - no token received'),
    [acceptAuth],
  );
  const loginWithGoogle = useCallback(
    async (idToken: string, termsVersion?: string) =>
      acceptAuth(await googleRequest(idToken, termsVersion), 'Google authentication failed - no token received'),
    [acceptAuth],
  );

  const loginWithPasskey = useCallback(
    async (email?: string) => acceptAuth(await passkeyLoginRequest(email), 'Passkey sign-in failed - no token received'),
    [acceptAuth],
  );

  const logout = useCallback(async () => {
    try {
      if (getToken()) await logoutRequest();
    } catch {
      // Signed out locally whatever the server said.
    } finally {
      clearSession();
      setSignedOutByUser(true);
      setUserState(null);
    }
  }, []);

  const refreshUser = useCallback(async () => {
    if (!getToken()) return null;
    try {
      const profile = await getProfile();
      const next = { ...readStoredUser(), ...profile };
      setUser(next);
      return next;
    } catch {
      return readStoredUser();
    }
  }, [setUser]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading,
      isAuthenticated: !!user && !isLoading,
      isProfileComplete: isProfileComplete(user),
      login,
      register,
      loginWithGoogle,
      loginWithPasskey,
      logout,
      refreshUser,
      setUser,
      signedOutByUser,
    }),
    [user, isLoading, login, register, loginWithGoogle, loginWithPasskey, logout, refreshUser, setUser, signedOutByUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
