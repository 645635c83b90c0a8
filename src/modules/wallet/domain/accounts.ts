/** Ledger account addresses (Formance style) and what each kind may do. */
export type AccountKind =
  | 'user_wallet'
  | 'challenge_stake'
  | 'pool'
  | 'platform_revenue'
  | 'charity'
  | 'platform_fees'
  | 'gateway_clearing'
  | 'payout_clearing'
  | 'suspense'
  | 'world';

export const WORLD = 'world';
export const PLATFORM_REVENUE = 'platform:revenue';
export const PLATFORM_FEES = 'platform:fees';
export const GATEWAY_CLEARING = 'gateway:clearing';

const ID = '[0-9A-Za-z_-]{1,64}';
const PATTERNS: [AccountKind, RegExp][] = [
  ['user_wallet', new RegExp(`^user:${ID}:wallet$`)],
  ['challenge_stake', new RegExp(`^challenge:${ID}:stake$`)],
  ['pool', /^pool:\d{4}-\d{2}-\d{2}(:test)?(:photo)?$/],
  ['platform_revenue', /^platform:revenue$/],
  ['charity', /^charity:[a-z0-9-]{2,40}$/],
  ['platform_fees', /^platform:fees$/],
  ['gateway_clearing', /^gateway:clearing$/],
  ['payout_clearing', new RegExp(`^payout:clearing(:${ID})?$`)],
  ['suspense', new RegExp(`^suspense:${ID}$`)],
  ['world', /^world(:\d{1,3})?$/],
];

export const userWallet = (userId: string): string => `user:${userId}:wallet`;
export const challengeStake = (challengeId: string): string => `challenge:${challengeId}:stake`;
/**
 * A date's pool; test challenges (TEST_MODE) settle in a pool of their own, `pool:{date}:test`, and PHOTO-proof
 * challenges in theirs, `pool:{date}:photo` (`pool:{date}:test:photo`).
 */
export const pool = (date: string, test = false, proof: 'NONE' | 'PHOTO' = 'NONE'): string =>
  `pool:${date}${test ? ':test' : ''}${proof === 'PHOTO' ? ':photo' : ''}`;
/** What pledge-mode misses owe a charity (POOL_MODE=pledge), held until the operator remits it from the monthly statement. */
export const charity = (charityId: string): string => `charity:${charityId}`;
export const payoutClearing = (withdrawalId: string): string => `payout:clearing:${withdrawalId}`;
/** Money that arrived for a closed account (a late deposit, a payout refunded after closing), held for support to resolve. */
export const suspense = (userId: string): string => `suspense:${userId}`;

/** The kind of a well-formed address, or null when the address is not one the ledger knows. */
export function accountKind(account: string): AccountKind | null {
  for (const [kind, re] of PATTERNS) if (re.test(account)) return kind;
  return null;
}

/**
 * The outside world is sharded: money entering or leaving goes through `world:{0..WORLD_SHARDS-1}`, picked from the
 * entry's correlation id, so concurrent deposits of different users do not queue on one hot projection row. Each
 * shard keeps its own exact projection and hash chain; the world's balance is the sum over `world` and its shards.
 */
export const WORLD_SHARDS = 16;
export function worldShard(key: string): string {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return `${WORLD}:${(h >>> 0) % WORLD_SHARDS}`;
}

/** Only the outside world (and its shards) may go below zero (money entering or leaving the system). */
export const mayGoNegative = (account: string): boolean => account === WORLD || account.startsWith(`${WORLD}:`);

/** The user id of a wallet address, or null. */
export function walletOwner(account: string): string | null {
  const m = /^user:(.+):wallet$/.exec(account);
  return m ? m[1] : null;
}

/**
 * Where money arriving for a user goes, given the holder as identity answers inside the crediting transaction (the
 * user's row locked for share, so a closure cannot slip in between): the wallet while the account is open (or no such
 * user), its suspense account once it is closed.
 */
export function creditTargetOf(userId: string, holder: { open: boolean } | null | undefined): { account: string; closed: boolean } {
  return holder && !holder.open ? { account: suspense(userId), closed: true } : { account: userWallet(userId), closed: false };
}
