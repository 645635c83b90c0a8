import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import type { ChallengeDetail } from '../get-challenge-detail/get-challenge-detail.query.js';
import { toDetail } from '../get-challenge-detail/get-challenge-detail.handler.js';
import { ListUserChallengesQuery } from './list-user-challenges.query.js';

@QueryHandler(ListUserChallengesQuery)
export class ListUserChallengesHandler implements IQueryHandler<ListUserChallengesQuery, ChallengeDetail[]> {
  constructor(@InjectRepository(ChallengeEntity) private readonly challenges: Repository<ChallengeEntity>) {}

  async execute({ userId }: ListUserChallengesQuery): Promise<ChallengeDetail[]> {
    const rows = await this.challenges.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toDetail);
  }
}
