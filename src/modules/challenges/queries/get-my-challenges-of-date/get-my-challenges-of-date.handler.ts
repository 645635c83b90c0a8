import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isValidDate } from '../../../../common/time.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { ChallengesOfDate, GetMyChallengesOfDateQuery } from './get-my-challenges-of-date.query.js';

@QueryHandler(GetMyChallengesOfDateQuery)
export class GetMyChallengesOfDateHandler implements IQueryHandler<GetMyChallengesOfDateQuery, ChallengesOfDate> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
  ) {}

  async execute({ userId, date }: GetMyChallengesOfDateQuery): Promise<ChallengesOfDate> {
    if (!isValidDate(date)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    const rows = await this.dataSource.manager
      .createQueryBuilder(ChallengeEntity, 'c')
      .where('c.user_id = :userId AND c.challenge_date = :date', { userId, date })
      .andWhere(`c.status <> 'CANCELLED'`)
      .orderBy('c.wake_up_time', 'ASC')
      .getMany();
    const challenges = await this.challenges.views(rows, true);
    return { challenges, challenge: challenges[0] ?? null };
  }
}
