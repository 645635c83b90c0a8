import { Command } from '@nestjs/cqrs';
import type { SupportActor } from '../../domain/access-log.js';

/** Staff record that a user's held money went back to its source (gateway refund id or bank reference): once per reference; recorded. */
export class ResolveUserSuspenseCommand extends Command<{ entryId: string; amount: number; reference: string }> {
  constructor(
    readonly actor: SupportActor,
    readonly userId: string,
    readonly reference: string,
    readonly note: string,
  ) {
    super();
  }
}
