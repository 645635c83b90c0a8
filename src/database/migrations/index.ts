import { Init1763800000000 } from './1763800000000-init.js';
import { Identity1763800100000 } from './1763800100000-identity.js';
import { Wallet1763800200000 } from './1763800200000-wallet.js';
import { Challenges1763800300000 } from './1763800300000-challenges.js';
import { Settlement1763800400000 } from './1763800400000-settlement.js';
import { Support1763800500000 } from './1763800500000-support.js';
import { WritePath1763800600000 } from './1763800600000-write-path.js';
import { SettlementLineOrder1763800700000 } from './1763800700000-settlement-line-order.js';
import { UserKeyedIndexes1763800800000 } from './1763800800000-user-keyed-indexes.js';

/** Listed explicitly (no globs) so the same list works compiled, under jest and in the CLI. */
export const migrations = [
  Init1763800000000,
  Identity1763800100000,
  Wallet1763800200000,
  Challenges1763800300000,
  Settlement1763800400000,
  Support1763800500000,
  WritePath1763800600000,
  SettlementLineOrder1763800700000,
  UserKeyedIndexes1763800800000,
];
