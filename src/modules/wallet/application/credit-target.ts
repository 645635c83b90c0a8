import type { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import { LockAccountHolderQuery } from '../../identity/queries/lock-account-holder/lock-account-holder.query.js';
import { suspense, userWallet } from '../domain/accounts.js';

/**
 * Where money arriving for a user goes, decided inside the crediting transaction (the user's row locked for share, so
 * a closure cannot slip in between): the wallet while the account is open, its suspense account once it is closed.
 */
export async function creditTarget(queries: QueryBus, m: EntityManager, userId: string): Promise<{ account: string; closed: boolean }> {
  const holder = await queries.execute(new LockAccountHolderQuery(userId, m));
  return holder && !holder.open ? { account: suspense(userId), closed: true } : { account: userWallet(userId), closed: false };
}
