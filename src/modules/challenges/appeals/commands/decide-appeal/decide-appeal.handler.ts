import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { AfterCommit, TransactionalEvents } from '../../../../../common/transactional-events.js';
import { ReturnStakeCommand } from '../../../../wallet/commands/return-stake/return-stake.command.js';
import { CreditAppealRefundCommand } from '../../../../wallet/commands/credit-appeal-refund/credit-appeal-refund.command.js';
import { SettleDateCommand } from '../../../../settlement/commands/settle-date/settle-date.command.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { AppealView, appealView } from '../../domain/appeal-view.js';
import { AppealRepository } from '../../infrastructure/appeal.repository.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { AppealDecided } from '../../../events/challenge-events.js';
import { DecideAppealCommand } from './decide-appeal.command.js';

@CommandHandler(DecideAppealCommand)
export class DecideAppealHandler implements ICommandHandler<DecideAppealCommand, AppealView> {
  constructor(
    @Inject(AppealRepository) private readonly appeals: AppealRepository,
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
  ) {}

  async execute({ appealId, decision, note, actorId }: DecideAppealCommand): Promise<AppealView> {
    const now = this.clock.now();
    let settleDate: string | null = null;
    let afterCommit: AfterCommit | undefined;
    await this.appeals.transaction(async (m) => {
      const appeal = await this.appeals.lock(m, appealId);
      if (!appeal) throw ChallengeErrors.appealNotFound();
      if (appeal.status !== 'OPEN') throw ChallengeErrors.invalid(`This appeal has been decided already (${appeal.status})`);
      const c = (await this.challenges.detail(appeal.challengeId))!;
      const settled = c.status === 'PROCESSED';
      let refunded: { what: 'forfeit' | 'stake'; amount: bigint } | null = null;
      if (decision === 'REFUNDED') {
        if (settled) {
          // The forfeit already went to that day's pool and was paid out: the operator pays it back.
          if (c.actualForfeitAmount > 0n) {
            await this.commandBus.execute(
              new CreditAppealRefundCommand({ userId: c.userId, challengeId: c.id, appealId, amount: c.actualForfeitAmount, note, manager: m }),
            );
          }
          refunded = { what: 'forfeit', amount: c.actualForfeitAmount };
        } else {
          await this.commandBus.execute(
            new ReturnStakeCommand({ userId: c.userId, challengeId: c.id, amount: c.stake, reason: 'APPEAL_REFUNDED', manager: m }),
          );
          await this.challenges.markProcessed([{ challengeId: c.id, winningsAmount: 0n, actualForfeitAmount: 0n }], m);
          refunded = { what: 'stake', amount: c.stake };
        }
      } else if (!settled) {
        settleDate = c.challengeDate; // it waited for this decision: settle it now, in a batch of its own
      }
      await this.appeals.decide(m, appealId, decision, note, actorId, now);
      // the answer as a notice and a mail (the notifications module), written in the decision's transaction
      const decided = { id: appealId, userId: c.userId, challengeId: c.id, date: c.challengeDate, wakeUpTime: c.wakeUpTime, decision, refunded, note };
      afterCommit = await this.events.publish(new AppealDecided(decided, m));
    });
    await afterCommit?.();
    // settles every challenge of that date still waiting (this one, in a batch of its own); idempotent like the daily run
    if (settleDate) await this.commandBus.execute(new SettleDateCommand(settleDate));
    return appealView((await this.appeals.forChallenge(await this.appeals.challengeOf(appealId)))!);
  }
}
