import { Command } from '@nestjs/cqrs';
import type { RefereeRequestView } from '../../domain/views.js';

/** Sends one of the user's photo check-ins to their referee (once a check-in). */
export class AskRefereeCommand extends Command<RefereeRequestView> {
  constructor(
    readonly userId: string,
    readonly challengeId: unknown,
  ) {
    super();
  }
}
