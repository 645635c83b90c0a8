import { Command } from '@nestjs/cqrs';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';

export interface TestCreateInput {
  challengeDate?: string;
  wakeUpTime?: string;
  forfeitAmount?: number;
  status?: 'PENDING' | 'COMPLETED' | 'FAILED';
  proof?: 'NONE' | 'PHOTO';
}

/** TEST_MODE only: any wake-up time (default now + 2 min), dates from a week back to a week ahead; staked like any other. */
export class CreateTestChallengeCommand extends Command<ChallengeView> {
  constructor(
    readonly userId: string,
    readonly input: TestCreateInput,
  ) {
    super();
  }
}
