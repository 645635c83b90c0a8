import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getToken, isApiError, setToken, UNAUTHORIZED_EVENT } from '@/lib/api-client';
import { onReconnectTick } from '@/lib/connectivity';
import { forgetLastDashboard } from '@/lib/last-dashboard';
import type { AuthResponse, User } from '@/types/api';
import { getProfile, googleRequest, loginRequest, logoutRequest, normalizeUser, registerRequest, type LoginInput, type RegisterInput } from './auth-api';
import { keepStoredUser, meKey, meQueryOptions, readStoredUser, storeUser } from './me-query';
import { passkeyLoginRequest } from './passkeys-api';
import { markSignedIn } from './passkey-offer-memory';
import { isProfileComplete } from './profile-complete';

export interface AuthContextValue {
  /** The signed-in user, read from its one cache entry (me-query.ts); saves write there, not here. */
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
  /** Asks the device for a passkey (one of `email`'s when given) and signs in with it. */
  loginWithPasskey: (email?: string) => Promise<User>;
  logout: () => Promise<void>;
  /** Asks GET /auth/profile again into the cache; returns the fresh user (or the held one if the call fails). */
  refreshUser: () => Promise<User | null>;
  /** True after the user chose Logout (until the next sign-in): the guards then remember no page to return to. */
  signedOutByUser?: boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

function clearSession(): void {
  setToken(null);
  storeUser(null);
  forgetLastDashboard(); // the dashboard kept for offline mornings goes with the session
}

/** A refusal a retry will not change (a 401 ends the session through UNAUTHORIZED_EVENT; a 403 or 404 lets it stand). */
const isFinal = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  // Whether a token is held: the profile is asked for only then.
  const [hasSession, setHasSession] = useState(() => !!getToken());
  // Without a stored token there is nothing to check: not loading from the first render, which spares the whole app a
  // second (blocking) render at start-up.
  const [checked, setChecked] = useState(() => !getToken());
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  // Start-up: a stored token is checked against GET /auth/profile. Only a 401 for this token ends the session; a 5xx, a
  // timeout or no network keeps the token and the stored user (shown meanwhile, its time 0 so it never passes for an
  // answer), and the check is asked again as the service returns.
  const me = useQuery({
    ...meQueryOptions,
    enabled: hasSession,
    initialData: () => (getToken() ? (readStoredUser() ?? undefined) : undefined),
    initialDataUpdatedAt: 0,
    refetchOnMount: 'always',
  });
  const user = me.data ?? null;
  // Answered: the profile (or a sign-in's user), a refusal, or a failure while the stored user stands (a first sign-in
  // on this device without one waits for the service).
  const answered = me.dataUpdatedAt > 0 || isFinal(me.error) || (me.errorUpdateCount > 0 && me.data != null);

  useEffect(() => {
    // The answer re-renders the whole app: in a transition, so React renders it in slices a tap can interrupt.
    if (hasSession && answered && !checked) startTransition(() => setChecked(true));
  }, [hasSession, answered, checked]);

  useEffect(() => {
    // Only the cached user goes: a token another tab stored since the first render must survive.
    if (!getToken()) storeUser(null);
    return keepStoredUser(client);
  }, [client]);

  useEffect(() => {
    if (!hasSession) return undefined;
    return onReconnectTick(() => {
      const state = client.getQueryState(meKey);
      if (state?.status === 'error' && !isFinal(state.error) && state.fetchStatus === 'idle') void client.refetchQueries({ queryKey: meKey, type: 'active' });
    });
  }, [client, hasSession]);

  const endSession = useCallback(() => {
    clearSession();
    client.setQueryData(meKey, null);
    setHasSession(false);
  }, [client]);

  // A 401 on any authenticated call means the session is gone (expired or revoked).
  useEffect(() => {
    window.addEventListener(UNAUTHORIZED_EVENT, endSession);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, endSession);
  }, [endSession]);

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
      client.setQueryData(meKey, next);
      setHasSession(true);
      setChecked(true);
      setSignedOutByUser(false);
      markSignedIn(next.id); // the passkey offer may follow
      return next;
    },
    [client],
  );

  const login = useCallback(async (input: LoginInput) => acceptAuth(await loginRequest(input), 'Login failed - no token received'), [acceptAuth]);
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
      endSession();
      setSignedOutByUser(true);
    }
  }, [endSession]);

  const refreshUser = useCallback(async () => {
    if (!getToken()) return null;
    try {
      return await client.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    } catch {
      return client.getQueryData(meKey) ?? null;
    }
  }, [client]);

  const isLoading = hasSession && !checked;
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
      signedOutByUser,
    }),
    [user, isLoading, login, register, loginWithGoogle, loginWithPasskey, logout, refreshUser, signedOutByUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
