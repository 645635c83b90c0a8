import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { GroupsService, RefereeRequestView } from '../../application/groups.service.js';
import { parseNote } from '../../domain/group-rules.js';
import { GroupErrors } from '../../groups.errors.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { DecideRefereeRequestCommand } from './decide-referee-request.command.js';

@CommandHandler(DecideRefereeRequestCommand)
export class DecideRefereeRequestHandler implements ICommandHandler<DecideRefereeRequestCommand, RefereeRequestView> {
  constructor(
    @Inject(GroupsService) private readonly shared: GroupsService,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ refereeId, requestId, verdict, note: rawNote }: DecideRefereeRequestCommand): Promise<RefereeRequestView> {
    const parsed = parseNote(rawNote);
    if ('problem' in parsed) throw GroupErrors.invalid(parsed.problem);
    const r = await this.shared.requestForReferee(refereeId, requestId);
    if (r.status !== 'PENDING') throw GroupErrors.alreadyDecided();
    // a second answer racing this one finds the row decided
    const decided = await this.referees.decide(r.id, refereeId, verdict, parsed.note, this.clock.now());
    if (!decided) throw GroupErrors.alreadyDecided();
    return (await this.shared.requestViews([decided]))[0];
  }
}
