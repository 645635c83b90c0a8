import { queryKeys } from '@/lib/query-keys';

// Every challenge query hangs under ['challenges', userId] so one invalidation refreshes them all and a
// different signed-in user never sees another's cache. Wallet keys (balance, earnings) live in lib/query-keys.ts.
export const challengeKeys = {
  all: (userId: string) => ['challenges', userId] as const,
  page: (userId: string, page: number, size: number) => ['challenges', userId, 'list', page, size] as const,
  byDate: (userId: string, date: string) => ['challenges', userId, 'date', date] as const,
  byStatus: (userId: string, status: string, size: number) => ['challenges', userId, 'status', status, size] as const,
  stats: (userId: string) => ['challenges', userId, 'stats'] as const,
  bookableDates: (userId: string, today: string) => ['challenges', userId, 'bookable-dates', today] as const,
  canCreate: (userId: string, date: string) => ['challenges', userId, 'can-create', date] as const,
  statistics: (userId: string, start: string, end: string) => ['challenges', userId, 'statistics', start, end] as const,
  earnings: queryKeys.wallet.earnings,
  settlement: (userId: string, date: string) => ['settlements', userId, date] as const,
};
