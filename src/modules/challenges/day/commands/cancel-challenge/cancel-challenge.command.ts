import { Command } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';

/** Cancels a pending challenge while cancellation is open; its whole stake goes back to the wallet. */
export class CancelChallengeCommand extends Command<{ challenge: ChallengeView; refundedAmount: number }> {
  constructor(
    readonly userId: string,
    readonly challengeId: string,
  ) {
    super();
  }
}
