import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { UserEntity } from '../../infrastructure/user.entity.js';
import type { UserSummary } from '../get-user/get-user.query.js';
import { toSummary } from '../get-user/get-user.handler.js';
import { FindUsersQuery } from './find-users.query.js';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Exact id, exact phone (digits compared), or partial case-insensitive email or name; newest first. */
@QueryHandler(FindUsersQuery)
export class FindUsersHandler implements IQueryHandler<FindUsersQuery, UserSummary[]> {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute(q: FindUsersQuery): Promise<UserSummary[]> {
    const search = q.search.trim();
    if (!search) return [];
    const limit = Math.min(Math.max(1, Math.floor(q.limit) || 20), 100);
    const qb = this.users.createQueryBuilder('u');
    const like = `%${likeEscape(search.toLowerCase())}%`;
    qb.where(`lower(u.email) LIKE :like ESCAPE '\\'`, { like }).orWhere(`lower(u.full_name) LIKE :like ESCAPE '\\'`, { like });
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 10) qb.orWhere('u.phone_number = :phone', { phone: `+91${digits.slice(-10)}` });
    if (isUuid(search)) qb.orWhere('u.id = :id', { id: search });
    const rows = await qb.orderBy('u.created_at', 'DESC').limit(limit).getMany();
    return rows.map(toSummary);
  }
}
