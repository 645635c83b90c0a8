import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { TransactionalEvents } from '../../../../../common/transactional-events.js';
import { isUuid } from '../../../../../common/uuid.js';
import { ChallengeErrors } from '../../../challenges.errors.js';
import { foldMornings, shieldSummary, spendShield } from '../../domain/shield-rules.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { retryingTransaction } from '../../../shared/infrastructure/sql.js';
import { WakeAccountRepository } from '../../../wake/infrastructure/wake-account.repository.js';
import { SpendShieldCommand, SpendShieldResult } from './spend-shield.command.js';
import { ChallengeExcused } from '../../../events/challenge-events.js';

/**
 * The user's account row is locked first, so two spends at once are one after the other: the second sees the first's
 * shield gone. Shields earned since the last change are folded in under the same lock before one is taken.
 */
@CommandHandler(SpendShieldCommand)
export class SpendShieldHandler implements ICommandHandler<SpendShieldCommand, SpendShieldResult> {
  constructor(
    @Inject(WakeAccountRepository) private readonly accounts: WakeAccountRepository,
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, challengeId }: SpendShieldCommand): Promise<SpendShieldResult> {
    if (!isUuid(challengeId)) throw ChallengeErrors.notFound();
    const now = this.clock.now();
    const result = await retryingTransaction(() =>
      this.challenges.transaction(async (m) => {
        const account = await this.accounts.lockAccount(m, userId, now);
        const c = await this.challenges.findOwn(userId, challengeId, m);
        if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
        if (c.status !== 'PENDING') throw ChallengeErrors.notExcusable();
        if (c.windowOpensAt.getTime() <= now.getTime()) throw ChallengeErrors.shieldTooLate();
        const folded = foldMornings(account, await this.reads.morningsAfter(userId, account.cursor, m));
        const spent = spendShield(folded);
        if (!spent) throw ChallengeErrors.noShield();
        const excused = await this.challenges.excuse(m, c, 'SHIELD', now);
        // a check-in or a cancel got there between the read and the update
        if (!excused) throw ChallengeErrors.notExcusable();
        await this.accounts.saveShields(m, userId, spent, now);
        return { challengeId, challengeDate: excused.challengeDate, refunded: excused.stake, shields: shieldSummary(spent) };
      }),
    );
    await this.events.publish(new ChallengeExcused({ id: challengeId, userId, date: result.challengeDate, refunded: result.refunded, kind: 'SHIELD' }));
    return result;
  }
}
