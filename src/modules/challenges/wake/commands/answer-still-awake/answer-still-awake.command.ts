import { Command } from '@nestjs/cqrs';

/** "Yes, still awake": accepted from the moment the check is asked until its deadline, by the server's clock. */
export class AnswerStillAwakeCommand extends Command<{ status: 'ANSWERED'; answeredAt: Date }> {
  constructor(
    readonly userId: string,
    readonly challengeId: string,
  ) {
    super();
  }
}
