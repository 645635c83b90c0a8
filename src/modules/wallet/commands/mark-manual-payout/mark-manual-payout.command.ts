import { Command } from '@nestjs/cqrs';

/** Staff mark a manual payout PAID (with the bank's reference: posts it out) or FAILED (with a reason: refunds it); once. */
export class MarkManualPayoutCommand extends Command<unknown> {
  constructor(
    readonly withdrawalId: string,
    readonly outcome: 'PAID' | 'FAILED',
    readonly detail: string,
    readonly actorId: string,
  ) {
    super();
  }
}
