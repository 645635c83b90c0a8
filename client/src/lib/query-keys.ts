// Cache keys of the resources more than one feature reads or refreshes: each resource has one key, written here.
// A user's keys carry their id, so a second sign-in on the same page never sees the first user's data;
// every wallet key sits under ['wallet'], so one invalidation after money moved refreshes them all.
export const queryKeys = {
  /** The signed-in user (lib/auth/me-query.ts): one entry, emptied at sign-out, so it needs no id. */
  me: ['me'] as const,
  wallet: {
    all: ['wallet'] as const,
    balance: (userId?: string) => ['wallet', userId ?? 'anonymous', 'balance'] as const,
    transactions: (userId: string | undefined, filters: { type?: string; startDate?: string; endDate?: string; page?: number } = {}) =>
      ['wallet', userId ?? 'anonymous', 'transactions', filters] as const,
    paymentMethods: (userId?: string) => ['wallet', userId ?? 'anonymous', 'payment-methods'] as const,
    earnings: (userId: string, start: string, end: string) => ['wallet', userId, 'earnings', start, end] as const,
  },
  /** Every challenge query hangs under ['challenges', userId] (features/challenges/api/query-keys.ts). */
  challenges: { all: ['challenges'] as const },
  wake: { all: ['wake'] as const },
};
