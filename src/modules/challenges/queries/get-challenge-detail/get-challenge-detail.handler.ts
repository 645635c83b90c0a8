import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { ChallengeDetail, GetChallengeDetailQuery } from './get-challenge-detail.query.js';
import { isUuid } from '../../../../common/uuid.js';
import { netResultOf } from '../../domain/net-result.js';


export function toDetail(e: ChallengeEntity): ChallengeDetail {
  return { ...e, netResult: netResultOf(e) };
}

@QueryHandler(GetChallengeDetailQuery)
export class GetChallengeDetailHandler implements IQueryHandler<GetChallengeDetailQuery, ChallengeDetail | null> {
  constructor(@InjectRepository(ChallengeEntity) private readonly challenges: Repository<ChallengeEntity>) {}

  async execute({ challengeId }: GetChallengeDetailQuery): Promise<ChallengeDetail | null> {
    if (!isUuid(challengeId)) return null;
    const row = await this.challenges.findOne({ where: { id: challengeId } });
    return row ? toDetail(row) : null;
  }
}
