import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { isUuid } from '../../../../common/uuid.js';
import { ChallengesService } from '../../challenges.service.js';
import { ChallengeErrors } from '../../challenges.errors.js';
import { foldMornings, shieldSummary, spendShield } from '../../domain/shield-rules.js';
import { ChallengeEntity } from '../../infrastructure/challenge.entity.js';
import { retryingTransaction } from '../../infrastructure/sql.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { SpendShieldCommand, SpendShieldResult } from './spend-shield.command.js';
import { ChallengeExcused } from '../../events/challenge-events.js';

/**
 * The user's account row is locked first, so two spends at once are one after the other: the second sees the first's
 * shield gone. Shields earned since the last change are folded in under the same lock before one is taken.
 */
@CommandHandler(SpendShieldCommand)
export class SpendShieldHandler implements ICommandHandler<SpendShieldCommand, SpendShieldResult> {
  constructor(
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, challengeId }: SpendShieldCommand): Promise<SpendShieldResult> {
    if (!isUuid(challengeId)) throw ChallengeErrors.notFound();
    const now = this.clock.now();
    const result = await retryingTransaction(() =>
      this.wake.ds.transaction(async (m) => {
        const account = await this.wake.lockAccount(m, userId, now);
        const c = await m.findOneBy(ChallengeEntity, { id: challengeId, userId });
        if (!c) throw ChallengeErrors.notFound();
        if (c.status === 'CANCELLED') throw ChallengeErrors.cancelled();
        if (c.status !== 'PENDING') throw ChallengeErrors.notExcusable();
        if (c.windowOpensAt.getTime() <= now.getTime()) throw ChallengeErrors.shieldTooLate();
        const folded = foldMornings(account, await this.wake.morningsAfter(userId, account.cursor, m));
        const spent = spendShield(folded);
        if (!spent) throw ChallengeErrors.noShield();
        const excused = await this.wake.excuse(m, c, 'SHIELD', now);
        // a check-in or a cancel got there between the read and the update
        if (!excused) throw ChallengeErrors.notExcusable();
        await this.wake.saveShields(m, userId, spent, now);
        return { challengeId, challengeDate: excused.challengeDate, refunded: excused.stake, shields: shieldSummary(spent) };
      }),
    );
    await this.challenges.notify(new ChallengeExcused({ id: challengeId, userId, date: result.challengeDate, refunded: result.refunded, kind: 'SHIELD' }));
    return result;
  }
}
