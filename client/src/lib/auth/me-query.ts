import { hashKey, queryOptions, type QueryClient } from '@tanstack/react-query';
import { storageKeys } from '@/config/storage-keys';
import { getToken } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/types/api';
import { getProfile } from './auth-api';

/**
 * The signed-in user's one cache entry (GET /auth/profile; null once signed out). Sign-in and every save that answers
 * with the user write it (setQueryData); it is asked again at start-up and when told to (refreshUser, invalidation).
 * No retry of its own: while the service cannot be reached the stored user stands and lib/connectivity's ticks ask again.
 */
export const meQueryOptions = queryOptions<User | null, Error, User | null, typeof queryKeys.me>({
  queryKey: queryKeys.me,
  queryFn: async ({ client, signal }) => {
    const token = getToken();
    const profile = await getProfile(signal);
    const held = client.getQueryData<User | null>(queryKeys.me) ?? null;
    // An answer for a session that ended (or changed hands) meanwhile changes nothing.
    if (getToken() !== token) return held;
    // The profile lacks a few of the sign-in answer's fields: those are kept while it is the same person.
    return held && held.id !== profile.id ? profile : { ...held, ...profile };
  },
  staleTime: Infinity,
  retry: false,
  networkMode: 'always',
});

export const meKey = meQueryOptions.queryKey;

/** The stored copy (SPEC.md section 9's "user"): the first render's user until the profile answers, and main.tsx's greeting. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(storageKeys.user);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: User | null): void {
  if (user) localStorage.setItem(storageKeys.user, JSON.stringify(user));
  else localStorage.removeItem(storageKeys.user);
}

/** Keeps the stored copy equal to the cache entry: it follows every write, it is never a second source. */
export function keepStoredUser(client: QueryClient): () => void {
  const hash = hashKey(meKey);
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hash)
      storeUser((event.query.state.data as User | null | undefined) ?? null);
  });
}
