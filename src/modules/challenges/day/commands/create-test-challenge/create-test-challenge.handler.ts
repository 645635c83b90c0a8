import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { addDays, isValidDate, isValidTime, zonedParts } from '../../../../../common/time.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { FORFEIT_RULE, forfeitPaise } from '../../../shared/domain/challenge-rules.js';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';
import { PROOF_MESSAGE, parseProof } from '../../../shared/domain/proof-rules.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { CreateTestChallengeCommand } from './create-test-challenge.command.js';

@CommandHandler(CreateTestChallengeCommand)
export class CreateTestChallengeHandler implements ICommandHandler<CreateTestChallengeCommand, ChallengeView> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, input }: CreateTestChallengeCommand): Promise<ChallengeView> {
    const now = this.clock.now();
    const tz = this.config.appTimezone;
    const soon = zonedParts(new Date(now.getTime() + 2 * 60_000), tz);
    const today = zonedParts(now, tz).date;
    const date = input.challengeDate ?? (input.wakeUpTime ? today : soon.date);
    const time = input.wakeUpTime ?? soon.time;
    if (!isValidDate(date)) throw ChallengeErrors.invalid('challengeDate must be a date in the form YYYY-MM-DD');
    if (date < addDays(today, -7) || date > addDays(today, 7))
      throw ChallengeErrors.invalid('challengeDate must be within 7 days of today for a test challenge');
    if (!isValidTime(time)) throw ChallengeErrors.invalid('wakeUpTime must be a time in the form HH:mm');
    const stake = forfeitPaise(input.forfeitAmount ?? 25);
    if (stake === null) throw ChallengeErrors.invalid(FORFEIT_RULE);
    const proof = parseProof(input.proof);
    if (!proof) throw ChallengeErrors.invalid(PROOF_MESSAGE);
    return this.challenges.create(userId, date, time, stake, { isTest: true, outcome: input.status ?? 'PENDING', proof });
  }
}
