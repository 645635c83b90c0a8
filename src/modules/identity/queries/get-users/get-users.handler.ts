import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { toSummary } from '../../domain/user-view.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import type { UserSummary } from '../get-user/get-user.query.js';
import { GetUsersQuery } from './get-users.query.js';

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery, Map<string, UserSummary>> {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async execute(q: GetUsersQuery): Promise<Map<string, UserSummary>> {
    const ids = [...new Set(q.userIds.filter(isUuid))];
    const rows = ids.length ? await this.users.byIds(ids) : [];
    return new Map(rows.map((u) => [u.id, toSummary(u)]));
  }
}
