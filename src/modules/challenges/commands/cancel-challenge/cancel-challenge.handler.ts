import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { toRupees } from '../../../../common/money.js';
import { AppConfig } from '../../../../config/app-config.js';
import { ReturnStakeCommand } from '../../../wallet/commands/return-stake/return-stake.command.js';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { cancellationOpen } from '../../domain/challenge-rules.js';
import type { ChallengeView } from '../../domain/challenge-view.js';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { affectedIds, retryingTransaction } from '../../infrastructure/sql.js';
import { CancelChallengeCommand } from './cancel-challenge.command.js';
import { ChallengeCancelled } from '../../events/challenge-events.js';

/** The status change and the stake's return commit together; a concurrent check-in or cancel is explained by the state it left. */
@CommandHandler(CancelChallengeCommand)
export class CancelChallengeHandler implements ICommandHandler<CancelChallengeCommand, { challenge: ChallengeView; refundedAmount: number }> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, challengeId: id }: CancelChallengeCommand): Promise<{ challenge: ChallengeView; refundedAmount: number }> {
    const existing = await this.challenges.findOwn(userId, id);
    this.assertCancellable(existing);
    const now = this.clock.now();
    const updated = await retryingTransaction(() => this.dataSource.transaction(async (manager) => {
      const res = await manager.query(
        `UPDATE challenges SET status = 'CANCELLED', cancelled_at = $3, refunded_amount = stake
          WHERE id = $1 AND user_id = $2 AND status = 'PENDING' RETURNING id`,
        [id, userId, now],
      );
      if (affectedIds(res).length === 0) {
        // Someone else moved it first (a check-in, a second cancel): explain with its state now.
        this.assertCancellable(await this.challenges.findOwn(userId, id, manager));
        throw ChallengeErrors.notCancellable();
      }
      await this.commandBus.execute(new ReturnStakeCommand({ userId, challengeId: id, amount: existing.stake, reason: 'CANCELLED', manager }));
      return this.challenges.findOwn(userId, id, manager);
    }));
    await this.challenges.notify(new ChallengeCancelled({ id, userId, date: existing.challengeDate, stake: existing.stake }));
    return { challenge: this.challenges.view(updated), refundedAmount: toRupees(existing.stake) };
  }

  private assertCancellable(c: ChallengeEntity): void {
    if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
    if (c.status !== 'PENDING') throw ChallengeErrors.notCancellable();
    if (!cancellationOpen(c.challengeDate, this.clock.now(), this.config.appTimezone)) throw ChallengeErrors.cancellationClosed();
  }
}
