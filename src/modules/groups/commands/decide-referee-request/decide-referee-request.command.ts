import { Command } from '@nestjs/cqrs';
import type { RefereeRequestView } from '../../domain/views.js';

/** The referee asked confirms or rejects a check-in { note? }, once; recorded and shown, it moves no money. */
export class DecideRefereeRequestCommand extends Command<RefereeRequestView> {
  constructor(
    readonly refereeId: string,
    readonly requestId: string,
    readonly verdict: 'CONFIRMED' | 'REJECTED',
    readonly note: unknown,
  ) {
    super();
  }
}
