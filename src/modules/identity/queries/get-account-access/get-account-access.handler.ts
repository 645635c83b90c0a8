import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountAccess, GetAccountAccessQuery } from '../../../../common/auth/get-account-access.query.js';
import { isUuid } from '../../../../common/uuid.js';
import { UserEntity } from '../../infrastructure/user.entity.js';

@QueryHandler(GetAccountAccessQuery)
export class GetAccountAccessHandler implements IQueryHandler<GetAccountAccessQuery, AccountAccess | null> {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute({ userId }: GetAccountAccessQuery): Promise<AccountAccess | null> {
    if (!isUuid(userId)) return null;
    const u = await this.users.findOne({ where: { id: userId }, select: { id: true, role: true, deletedAt: true } });
    return u ? { role: u.role, closed: u.deletedAt !== null } : null;
  }
}
