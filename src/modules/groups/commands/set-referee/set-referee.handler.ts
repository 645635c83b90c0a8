import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { isUuid } from '../../../../common/uuid.js';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { firstName } from '../../domain/group-rules.js';
import { GroupErrors } from '../../groups.errors.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { NamedReferee, SetRefereeCommand } from './set-referee.command.js';

@CommandHandler(SetRefereeCommand)
export class SetRefereeHandler implements ICommandHandler<SetRefereeCommand, NamedReferee | null> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, groupId, refereeId }: SetRefereeCommand): Promise<NamedReferee | null> {
    const g = await this.groups.memberGroup(userId, groupId);
    if (refereeId === undefined) throw GroupErrors.invalid("userId is required: a member's id, or null to have no referee");
    if (refereeId === null) {
      const current = await this.referees.refereeOf(userId);
      if (current) await this.referees.clearReferee(userId);
      return null;
    }
    if (typeof refereeId !== 'string' || !isUuid(refereeId)) throw GroupErrors.invalid("userId must be a member's id, or null to have no referee");
    if (refereeId === userId) throw GroupErrors.refereeSelf();
    if (!(await this.groups.isMember(g.id, refereeId))) throw GroupErrors.memberNotFound();
    const users = await this.queries.execute(new GetUsersQuery([refereeId]));
    const u = users.get(refereeId);
    if (!u || u.deleted) throw GroupErrors.memberNotFound();
    await this.referees.setReferee(userId, refereeId, g.id, this.clock.now());
    return { userId: refereeId, name: firstName(u.fullName), groupId: g.id };
  }
}
