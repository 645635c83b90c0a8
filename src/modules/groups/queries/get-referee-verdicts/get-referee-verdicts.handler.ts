import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { GetRefereeVerdictsQuery, RefereeVerdict } from './get-referee-verdicts.query.js';

@QueryHandler(GetRefereeVerdictsQuery)
export class GetRefereeVerdictsHandler implements IQueryHandler<GetRefereeVerdictsQuery, RefereeVerdict[]> {
  constructor(@Inject(RefereeRepository) private readonly referees: RefereeRepository) {}

  async execute({ challengeIds }: GetRefereeVerdictsQuery): Promise<RefereeVerdict[]> {
    const rows = await this.referees.requestsForChallenges([...new Set(challengeIds.filter(isUuid))]);
    return rows.map((r) => ({
      requestId: r.id,
      challengeId: r.challengeId,
      userId: r.userId,
      refereeId: r.refereeId,
      groupId: r.groupId,
      status: r.status,
      note: r.note,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
    }));
  }
}
