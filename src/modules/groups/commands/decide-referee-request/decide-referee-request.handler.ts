import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { GiveProofVerdictCommand } from '../../../challenges/proof/commands/give-proof-verdict/give-proof-verdict.command.js';
import { Clock } from '../../../../common/clock.js';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { refereeRequestViews, requestPeople, type RefereeRequestView } from '../../domain/views.js';
import { parseNote } from '../../domain/group-rules.js';
import { GroupErrors } from '../../groups.errors.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { DecideRefereeRequestCommand } from './decide-referee-request.command.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';

@CommandHandler(DecideRefereeRequestCommand)
export class DecideRefereeRequestHandler implements ICommandHandler<DecideRefereeRequestCommand, RefereeRequestView> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ refereeId, requestId, verdict, note: rawNote }: DecideRefereeRequestCommand): Promise<RefereeRequestView> {
    const parsed = parseNote(rawNote);
    if ('problem' in parsed) throw GroupErrors.invalid(parsed.problem);
    const r = await this.groups.requestForReferee(refereeId, requestId);
    if (r.status !== 'PENDING') throw GroupErrors.alreadyDecided();
    // a second answer racing this one finds the row decided
    const decided = await this.referees.decide(r.id, refereeId, verdict, parsed.note, this.clock.now());
    if (!decided) throw GroupErrors.alreadyDecided();
    // On a PHOTO-proof morning not yet settled, the referee's answer is its proof verdict (a rejection settles
    // it as a miss); on any other morning, or once settled, the answer stays a record that moves no money
    await this.commandBus
      .execute(new GiveProofVerdictCommand(decided.challengeId, verdict === 'CONFIRMED' ? 'ACCEPTED' : 'REJECTED', parsed.note, refereeId, 'REFEREE'))
      .catch((e: unknown) => {
        if (!(e instanceof DomainError)) throw e;
      });
    return refereeRequestViews([decided], await this.queries.execute(new GetUsersQuery(requestPeople([decided]))))[0];
  }
}
