import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { isUuid } from '../../../../common/uuid.js';
import { GetChallengeDetailQuery } from '../../../challenges/day/queries/get-challenge-detail/get-challenge-detail.query.js';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { refereeRequestViews, requestPeople, type RefereeRequestView } from '../../domain/views.js';
import { GroupErrors } from '../../groups.errors.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { AskRefereeCommand } from './ask-referee.command.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';

/** Only a completed photo check-in of the user's own can be sent; the referee's answer is a record, it moves no money. */
@CommandHandler(AskRefereeCommand)
export class AskRefereeHandler implements ICommandHandler<AskRefereeCommand, RefereeRequestView> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, challengeId }: AskRefereeCommand): Promise<RefereeRequestView> {
    if (typeof challengeId !== 'string' || !isUuid(challengeId)) throw GroupErrors.invalid('challengeId must be the id of one of your challenges');
    const c = await this.queries.execute(new GetChallengeDetailQuery(challengeId));
    if (!c || c.userId !== userId) throw GroupErrors.challengeNotFound();
    if (c.verificationMethod !== 'PHOTO' || !c.photoPath || (c.status !== 'COMPLETED' && c.status !== 'PROCESSED')) throw GroupErrors.notAPhotoCheckIn();
    const referee = await this.referees.refereeOf(userId);
    if (!referee) throw GroupErrors.noReferee();
    const row = {
      id: randomUUID(),
      challengeId,
      challengeDate: c.challengeDate,
      userId,
      refereeId: referee.refereeId,
      groupId: referee.groupId,
      createdAt: this.clock.now(),
    };
    if (!(await this.referees.insertRequest(row))) throw GroupErrors.alreadyAsked();
    const rows = [{ ...row, status: 'PENDING' as const, note: null, decidedAt: null }];
    return refereeRequestViews(rows, await this.queries.execute(new GetUsersQuery(requestPeople(rows))))[0];
  }
}
