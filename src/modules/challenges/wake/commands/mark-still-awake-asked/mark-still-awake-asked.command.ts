import { Command } from '@nestjs/cqrs';

/**
 * The notifications module claims the asking of a due still-awake check before it pushes it: exactly one sender wins
 * (`asked` true). A check once asked and left unanswered fails its morning at the deadline.
 */
export class MarkStillAwakeAskedCommand extends Command<{ asked: boolean }> {
  constructor(readonly challengeId: string) {
    super();
  }
}
