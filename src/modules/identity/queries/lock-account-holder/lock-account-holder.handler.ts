import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { LockAccountHolderQuery } from './lock-account-holder.query.js';

@QueryHandler(LockAccountHolderQuery)
export class LockAccountHolderHandler implements IQueryHandler<LockAccountHolderQuery, { open: boolean } | null> {
  async execute({ userId, manager }: LockAccountHolderQuery): Promise<{ open: boolean } | null> {
    if (!isUuid(userId)) return null;
    const rows = (await manager.query(`SELECT deleted_at IS NULL AS open FROM users WHERE id = $1 FOR SHARE`, [userId])) as { open: boolean }[];
    return rows[0] ? { open: rows[0].open } : null;
  }
}
