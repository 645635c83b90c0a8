import { Command } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';

export interface CreateInput {
  challengeDate: string;
  wakeUpTime: string;
  forfeitAmount: number;
  /** pledge mode only: the user's pick from the operator's CHARITIES */
  charityId?: string;
  /** proof of wake: NONE (absent) or PHOTO */
  proof?: 'NONE' | 'PHOTO';
  /** wake mission: NONE (absent), MATH, TYPING or WAKE_TAG */
  mission?: 'NONE' | 'MATH' | 'TYPING' | 'WAKE_TAG';
}

/** A challenge for a wake-up slot (04:00–07:00) with its stake (₹10–₹100) taken from the wallet in the same transaction. */
export class CreateChallengeCommand extends Command<ChallengeView> {
  constructor(
    readonly userId: string,
    readonly input: CreateInput,
  ) {
    super();
  }
}
