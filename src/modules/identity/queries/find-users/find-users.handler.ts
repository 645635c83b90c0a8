import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toSummary } from '../../domain/user-view.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import type { UserSummary } from '../get-user/get-user.query.js';
import { FindUsersQuery } from './find-users.query.js';

/** Exact id, exact phone (digits compared), or partial case-insensitive email or name; newest first. */
@QueryHandler(FindUsersQuery)
export class FindUsersHandler implements IQueryHandler<FindUsersQuery, UserSummary[]> {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async execute(q: FindUsersQuery): Promise<UserSummary[]> {
    const search = q.search.trim();
    if (!search) return [];
    const limit = Math.min(Math.max(1, Math.floor(q.limit) || 20), 100);
    const rows = await this.users.search(search, limit);
    return rows.map(toSummary);
  }
}
