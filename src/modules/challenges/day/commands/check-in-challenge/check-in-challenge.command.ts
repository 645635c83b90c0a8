import { Command } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';

export interface VerifyInput {
  challengeId: string;
  verificationMethod: 'MANUAL' | 'PHOTO';
  checkInLocation?: string;
  notes?: string;
}

export interface Photo {
  bytes: Buffer;
}

/** The morning's check-in (manual, or with a selfie): on time inside the window, late after it. */
export class CheckInChallengeCommand extends Command<{ challenge: ChallengeView; isSuccessful: boolean }> {
  constructor(
    readonly userId: string,
    readonly input: VerifyInput,
    readonly photo: Photo | null,
  ) {
    super();
  }
}
