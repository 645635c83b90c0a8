import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { UserEntity } from '../../infrastructure/user.entity.js';
import { GetUserQuery, UserSummary } from './get-user.query.js';

export function toSummary(u: UserEntity): UserSummary {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    phoneNumber: u.phoneNumber,
    isEmailVerified: u.isEmailVerified,
    role: u.role,
    createdAt: u.createdAt,
    deleted: u.deletedAt !== null,
  };
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, UserSummary | null> {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute(q: GetUserQuery): Promise<UserSummary | null> {
    if (!isUuid(q.userId)) return null;
    const u = await this.users.findOne({ where: { id: q.userId } });
    return u ? toSummary(u) : null;
  }
}
