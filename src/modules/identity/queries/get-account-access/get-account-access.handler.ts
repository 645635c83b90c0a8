import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AccountAccess, GetAccountAccessQuery } from '../../../../common/auth/get-account-access.query.js';
import { isUuid } from '../../../../common/uuid.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';

@QueryHandler(GetAccountAccessQuery)
export class GetAccountAccessHandler implements IQueryHandler<GetAccountAccessQuery, AccountAccess | null> {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async execute({ userId }: GetAccountAccessQuery): Promise<AccountAccess | null> {
    if (!isUuid(userId)) return null;
    const u = await this.users.accessOf(userId);
    return u ? { role: u.role, closed: u.deletedAt !== null } : null;
  }
}
