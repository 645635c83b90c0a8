import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { AppConfig } from '../../../../config/app-config.js';
import { MarkStillAwakeAskedCommand } from '../../../challenges/wake/commands/mark-still-awake-asked/mark-still-awake-asked.command.js';
import { ListDueStillAwakeChecksQuery } from '../../../challenges/wake/queries/list-due-still-awake-checks/list-due-still-awake-checks.query.js';
import { PushSender } from '../../infrastructure/push-sender.js';
import { PushSubscriptionsRepository } from '../../infrastructure/push-subscriptions.repository.js';
import { SendStillAwakeChecksCommand } from './send-still-awake-checks.command.js';

const STILL_AWAKE_KIND = 'STILL_AWAKE';

/**
 * The moment is the server's (chosen and stored at check-in); the check counts as asked once claimed here, whether or
 * not a device was reachable: the app shows an asked check too. Pushed with a TTL of the time left to answer.
 */
@CommandHandler(SendStillAwakeChecksCommand)
export class SendStillAwakeChecksHandler implements ICommandHandler<SendStillAwakeChecksCommand, { asked: number; delivered: number }> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(PushSubscriptionsRepository) private readonly subs: PushSubscriptionsRepository,
    @Inject(PushSender) private readonly sender: PushSender,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ asked: number; delivered: number }> {
    const now = this.clock.now();
    const due = await this.queryBus.execute(new ListDueStillAwakeChecksQuery(now));
    if (due.length === 0) return { asked: 0, delivered: 0 };
    const devices = this.sender.enabled ? await this.subs.forUsers([...new Set(due.map((d) => d.userId))]) : [];
    let asked = 0;
    let delivered = 0;
    for (const check of due) {
      if (!(await this.commandBus.execute(new MarkStillAwakeAskedCommand(check.challengeId))).asked) continue;
      asked += 1;
      const ttl = Math.max(30, Math.floor((check.deadlineAt.getTime() - now.getTime()) / 1000));
      const message = {
        title: 'Still awake?',
        body: 'Tap to confirm within 10 minutes, or this morning counts as missed.',
        url: `${this.config.appUrl}/dashboard`,
        challengeId: check.challengeId,
        kind: STILL_AWAKE_KIND,
      };
      for (const device of devices.filter((d) => d.userId === check.userId)) {
        const outcome = await this.sender.send(device, message, ttl);
        if (outcome === 'delivered') {
          delivered += 1;
          await this.subs.markSent(device.id, now);
        } else if (outcome === 'gone') {
          await this.subs.removeById(device.id);
        }
      }
    }
    return { asked, delivered };
  }
}
