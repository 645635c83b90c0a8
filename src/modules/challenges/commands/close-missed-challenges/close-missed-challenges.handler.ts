import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { ChallengesService } from '../../challenges.service.js';
import { returnedRows } from '../../infrastructure/sql.js';
import { CloseMissedChallengesCommand } from './close-missed-challenges.command.js';
import { ResolveStillAwakeChecksCommand } from '../resolve-still-awake-checks/resolve-still-awake-checks.command.js';
import { ChallengeMissed } from '../../events/challenge-events.js';

const BATCH = 1000;

/**
 * Closes PENDING challenges whose window has passed as failed. The UPDATE's WHERE status = 'PENDING'
 * makes each row close exactly once, so only the rows this run closed get a notification.
 */
@CommandHandler(CloseMissedChallengesCommand)
export class CloseMissedChallengesHandler implements ICommandHandler<CloseMissedChallengesCommand, { closed: number }> {
  constructor(
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ChallengesService) private readonly challenges: ChallengesService,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  async execute({ date }: CloseMissedChallengesCommand): Promise<{ closed: number }> {
    const now = this.clock.now();
    let closed = 0;
    for (;;) {
      const res = await this.dataSource.query(
        `UPDATE challenges SET status = 'COMPLETED', is_successful = false, failure_reason = 'Missed check-in window', closed_at = $1
          WHERE id IN (
            SELECT id FROM challenges
             WHERE status = 'PENDING' AND window_closes_at <= $1 AND ($2::date IS NULL OR challenge_date = $2::date)
             ORDER BY window_closes_at LIMIT $3 FOR UPDATE SKIP LOCKED)
            AND status = 'PENDING'
          RETURNING id, user_id, challenge_date::text AS challenge_date, wake_up_time`,
        [now, date, BATCH],
      );
      const rows = returnedRows<{ id: string; user_id: string; challenge_date: string; wake_up_time: string }>(res);
      closed += rows.length;
      for (const r of rows) {
        await this.challenges.notify(new ChallengeMissed({ id: r.id, userId: r.user_id, date: r.challenge_date, wakeUpTime: r.wake_up_time }));
      }
      if (rows.length < BATCH) break;
    }
    // the same sweep (every 30 s, and first thing in a settlement) closes still-awake checks past their deadline
    await this.commandBus.execute(new ResolveStillAwakeChecksCommand());
    return { closed };
  }
}
