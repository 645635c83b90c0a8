import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { toSummary } from '../../domain/user-view.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserQuery, UserSummary } from './get-user.query.js';

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, UserSummary | null> {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async execute(q: GetUserQuery): Promise<UserSummary | null> {
    if (!isUuid(q.userId)) return null;
    const u = await this.users.byId(q.userId);
    return u ? toSummary(u) : null;
  }
}
