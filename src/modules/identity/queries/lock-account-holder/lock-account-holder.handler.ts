import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { LockAccountHolderQuery } from './lock-account-holder.query.js';

@QueryHandler(LockAccountHolderQuery)
export class LockAccountHolderHandler implements IQueryHandler<LockAccountHolderQuery, { open: boolean } | null> {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async execute({ userId, manager }: LockAccountHolderQuery): Promise<{ open: boolean } | null> {
    if (!isUuid(userId)) return null;
    const row = await this.users.lockHolder(manager, userId);
    return row ? { open: row.open } : null;
  }
}
