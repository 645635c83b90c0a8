import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { ChallengePage, ListMyChallengesQuery } from './list-my-challenges.query.js';

@QueryHandler(ListMyChallengesQuery)
export class ListMyChallengesHandler implements IQueryHandler<ListMyChallengesQuery, ChallengePage> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
  ) {}

  async execute({ userId, page, size, status }: ListMyChallengesQuery): Promise<ChallengePage> {
    const qb = this.dataSource.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId', { userId })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .offset(page * size)
      .limit(size);
    if (status) qb.andWhere('c.status = :status', { status });
    else qb.andWhere(`c.status <> 'CANCELLED'`);
    const [rows, total] = await qb.getManyAndCount();
    return { challenges: await this.challenges.views(rows, true), page, size, total };
  }
}
