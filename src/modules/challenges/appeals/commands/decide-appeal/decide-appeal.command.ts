import { Command } from '@nestjs/cqrs';
import type { AppealDecision } from '../../domain/appeal-rules.js';
import type { AppealView } from '../../domain/appeal-view.js';

/**
 * Support's answer to an appeal: UPHELD (the miss stands: the forfeit is settled as usual) or REFUNDED (the whole stake
 * back; after settlement, the forfeit is paid back). The user reads the note.
 */
export class DecideAppealCommand extends Command<AppealView> {
  constructor(
    readonly appealId: string,
    readonly decision: AppealDecision,
    readonly note: string,
    readonly actorId: string,
  ) {
    super();
  }
}
