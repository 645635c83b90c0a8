// The support console's cache keys, each written once. All hang under ['support'], so a settlement re-run
// refreshes every panel with one invalidation; the appeals and queues lists have their own prefix for theirs.
export const supportKeys = {
  all: ['support'] as const,
  users: (search: string) => ['support', 'users', search] as const,
  user: (userId: string) => ['support', 'user', userId] as const,
  ledger: (userId: string) => ['support', 'ledger', userId] as const,
  challenge: (challengeId: string) => ['support', 'challenge', challengeId] as const,
  settlements: (date: string) => ['support', 'settlements', date] as const,
  settlement: (date: string) => ['support', 'settlement', date] as const,
  payouts: ['support', 'payouts'] as const,
  ledgerHealth: ['support', 'ledger-health'] as const,
  outages: (date: string) => ['support', 'outages', date] as const,
  queues: ['support', 'queues'] as const,
  jobs: (queue: string, state: string) => ['support', 'queues', queue, state] as const,
  appeals: ['support', 'appeals'] as const,
  appealsBy: (status: string) => ['support', 'appeals', status] as const,
  photo: (id: string) => ['support', 'photo', id] as const,
};
