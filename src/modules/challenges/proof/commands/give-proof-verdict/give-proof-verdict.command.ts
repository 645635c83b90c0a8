import { Command } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';
import type { ProofVerdict } from '../../../shared/domain/proof-rules.js';

export type ProofReviewer = 'SUPPORT' | 'REFEREE' | 'PEER';

/**
 * A verdict on a PHOTO check-in's photo, before its morning settles: support's or the referee's decides;
 * two peer rejections reject. A REJECTED morning settles as a miss, its owner reading why in failureReason.
 */
export class GiveProofVerdictCommand extends Command<{ challenge: ChallengeView }> {
  constructor(
    readonly challengeId: string,
    readonly verdict: ProofVerdict,
    readonly note: string | null,
    readonly reviewerId: string,
    readonly role: ProofReviewer,
  ) {
    super();
  }
}
