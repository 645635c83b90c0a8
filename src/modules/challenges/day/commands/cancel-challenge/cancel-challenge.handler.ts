import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { toRupees } from '../../../../../common/money.js';
import { TransactionalEvents } from '../../../../../common/transactional-events.js';
import { AppConfig } from '../../../../../config/app-config.js';
import { ReturnStakeCommand } from '../../../../wallet/commands/return-stake/return-stake.command.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { cancellationOpen } from '../../../shared/domain/challenge-rules.js';
import type { ChallengeView } from '../../../shared/domain/challenge-view.js';
import type { ChallengeEntity } from '../../../shared/infrastructure/challenge.entity.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { retryingTransaction } from '../../../shared/infrastructure/sql.js';
import { CancelChallengeCommand } from './cancel-challenge.command.js';
import { ChallengeCancelled } from '../../../events/challenge-events.js';

/** The status change and the stake's return commit together; a concurrent check-in or cancel is explained by the state it left. */
@CommandHandler(CancelChallengeCommand)
export class CancelChallengeHandler implements ICommandHandler<CancelChallengeCommand, { challenge: ChallengeView; refundedAmount: number }> {
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, challengeId: id }: CancelChallengeCommand): Promise<{ challenge: ChallengeView; refundedAmount: number }> {
    const existing = await this.challenges.findOwn(userId, id);
    this.assertCancellable(existing);
    const now = this.clock.now();
    const updated = await retryingTransaction(() =>
      this.challenges.transaction(async (manager) => {
        if (!(await this.challenges.cancel(manager, id, userId, now))) {
          // Someone else moved it first (a check-in, a second cancel): explain with its state now.
          this.assertCancellable(await this.challenges.findOwn(userId, id, manager));
          throw ChallengeErrors.notCancellable();
        }
        await this.commandBus.execute(new ReturnStakeCommand({ userId, challengeId: id, amount: existing.stake, reason: 'CANCELLED', manager }));
        return this.challenges.findOwn(userId, id, manager);
      }),
    );
    await this.events.publish(new ChallengeCancelled({ id, userId, date: existing.challengeDate, stake: existing.stake }));
    return { challenge: this.challenges.view(updated), refundedAmount: toRupees(existing.stake) };
  }

  private assertCancellable(c: ChallengeEntity): void {
    if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
    if (c.status !== 'PENDING') throw ChallengeErrors.notCancellable();
    if (!cancellationOpen(c.challengeDate, this.clock.now(), this.config.appTimezone)) throw ChallengeErrors.cancellationClosed();
  }
}
