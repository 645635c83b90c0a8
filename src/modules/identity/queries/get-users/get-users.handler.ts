import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { UserEntity } from '../../infrastructure/user.entity.js';
import type { UserSummary } from '../get-user/get-user.query.js';
import { toSummary } from '../get-user/get-user.handler.js';
import { GetUsersQuery } from './get-users.query.js';

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery, Map<string, UserSummary>> {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute(q: GetUsersQuery): Promise<Map<string, UserSummary>> {
    const ids = [...new Set(q.userIds.filter(isUuid))];
    const rows = ids.length ? await this.users.findBy({ id: In(ids) }) : [];
    return new Map(rows.map((u) => [u.id, toSummary(u)]));
  }
}
