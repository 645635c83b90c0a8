import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { isValidDate } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { dateProblem, FORFEIT_RULE, forfeitPaise, isWakeUpSlot } from '../../../shared/domain/challenge-rules.js';
import { MISSION_MESSAGE, PROOF_MESSAGE, parseMission, parseProof } from '../../../shared/domain/proof-rules.js';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { CreateChallengeCommand } from './create-challenge.command.js';

@CommandHandler(CreateChallengeCommand)
export class CreateChallengeHandler implements ICommandHandler<CreateChallengeCommand, ChallengeView> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, input }: CreateChallengeCommand): Promise<ChallengeView> {
    const now = this.clock.now();
    if (!isValidDate(input.challengeDate)) throw ChallengeErrors.invalid('challengeDate must be a date in the form YYYY-MM-DD');
    if (!isWakeUpSlot(input.wakeUpTime)) throw ChallengeErrors.invalid('wakeUpTime must be from 04:00 to 07:00 in 30-minute steps (HH:mm)');
    const stake = forfeitPaise(input.forfeitAmount);
    if (stake === null) throw ChallengeErrors.invalid(FORFEIT_RULE);
    const proof = parseProof(input.proof);
    if (!proof) throw ChallengeErrors.invalid(PROOF_MESSAGE);
    const mission = parseMission(input.mission);
    if (!mission) throw ChallengeErrors.invalid(MISSION_MESSAGE);
    const problem = dateProblem(input.challengeDate, input.wakeUpTime, now, this.config.appTimezone);
    if (problem) throw ChallengeErrors.invalid(problem);
    return this.challenges.create(userId, input.challengeDate, input.wakeUpTime, stake, {
      isTest: false,
      outcome: 'PENDING',
      charityId: input.charityId,
      proof,
      mission,
    });
  }
}
