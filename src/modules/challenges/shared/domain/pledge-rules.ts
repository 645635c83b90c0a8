/** POOL_MODE at creation, pure: which mode a new challenge is fixed to and where its miss would go. */
export interface PledgeSettings {
  poolMode: 'pool' | 'pledge';
  charities: readonly { id: string; name: string }[];
}

export type PledgeChoice = { poolMode: 'pool' | 'pledge'; charityId: string | null } | { problem: string };

/**
 * Pool mode: no charity (a charityId sent anyway is ignored). Pledge mode: the user's pick from the operator's list,
 * else the first one listed; no list at all: null (the platform receives the miss). An id not on the list is refused.
 */
export function pledgeOf(settings: PledgeSettings, charityId: string | undefined): PledgeChoice {
  if (settings.poolMode === 'pool') return { poolMode: 'pool', charityId: null };
  if (charityId === undefined || charityId === '') return { poolMode: 'pledge', charityId: settings.charities[0]?.id ?? null };
  if (!settings.charities.some((c) => c.id === charityId)) {
    const allowed = settings.charities.map((c) => c.id);
    return {
      problem: allowed.length ? `charityId must be one of ${allowed.join(', ')}` : 'charityId: this operator keeps no charity list (misses go to the platform)',
    };
  }
  return { poolMode: 'pledge', charityId };
}
