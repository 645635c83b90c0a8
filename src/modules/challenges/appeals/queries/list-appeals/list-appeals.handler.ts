import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { appealView } from '../../domain/appeal-view.js';
import { AppealRepository } from '../../infrastructure/appeal.repository.js';
import { GetChallengeDetailQuery } from '../../../day/queries/get-challenge-detail/get-challenge-detail.query.js';
import { ListAppealsQuery, SupportAppealView } from './list-appeals.query.js';

@QueryHandler(ListAppealsQuery)
export class ListAppealsHandler implements IQueryHandler<ListAppealsQuery, SupportAppealView[]> {
  constructor(
    @Inject(AppealRepository) private readonly appeals: AppealRepository,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  async execute({ status }: ListAppealsQuery): Promise<SupportAppealView[]> {
    const rows = await this.appeals.list(status, 200);
    return Promise.all(
      rows.map(async (a) => {
        const c = await this.queryBus.execute(new GetChallengeDetailQuery(a.challengeId));
        return {
          ...appealView(a),
          userId: a.userId,
          decidedBy: a.decidedBy,
          challenge: c && {
            challengeDate: c.challengeDate,
            wakeUpTime: c.wakeUpTime,
            stake: c.stake,
            status: c.status,
            failureReason: c.failureReason,
            checkInTime: c.checkInTime,
            hasPhoto: c.photoPath !== null,
          },
        };
      }),
    );
  }
}
