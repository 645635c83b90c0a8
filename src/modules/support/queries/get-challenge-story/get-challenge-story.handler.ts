import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';
import { GetEntriesByCorrelationQuery } from '../../../wallet/queries/get-entries-by-correlation/get-entries-by-correlation.query.js';
import { GetSettlementLineQuery } from '../../../settlement/queries/get-settlement-line/get-settlement-line.query.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { ChallengeStory, challengeStoryView } from '../../domain/views.js';
import { GetChallengeStoryQuery } from './get-challenge-story.query.js';
import { SupportErrors } from '../../support.errors.js';
import { GetChallengeDetailQuery } from '../../../challenges/day/queries/get-challenge-detail/get-challenge-detail.query.js';

@QueryHandler(GetChallengeStoryQuery)
export class GetChallengeStoryHandler implements IQueryHandler<GetChallengeStoryQuery, ChallengeStory> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, challengeId }: GetChallengeStoryQuery): Promise<ChallengeStory> {
    const c = await this.queryBus.execute(new GetChallengeDetailQuery(challengeId));
    if (!c) throw SupportErrors.challengeNotFound();
    const [user, line, entries] = await Promise.all([
      this.queryBus.execute(new GetUserQuery(c.userId)),
      this.queryBus.execute(new GetSettlementLineQuery(c.id)),
      this.queryBus.execute(new GetEntriesByCorrelationQuery('challenge', c.id)),
    ]);
    await this.access.recordBy(actor, c.userId, 'challenge.story', `challenge:${c.id}`, { status: c.status });
    return challengeStoryView(c, user, line, entries);
  }
}
