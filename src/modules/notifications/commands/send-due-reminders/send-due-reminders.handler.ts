import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { formatInr } from '../../../../common/money.js';
import { addDays, zonedInstant } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { ListPendingMorningsQuery } from '../../../challenges/queries/list-pending-mornings/list-pending-mornings.query.js';
import { GetReminderRecipientsQuery } from '../../../identity/queries/get-reminder-recipients/get-reminder-recipients.query.js';
import { dueReminders, EVENING_TIME, PendingMorning, reminderMessage } from '../../domain/reminders.js';
import { PushSender } from '../../infrastructure/push-sender.js';
import { PushSubscriptionsRepository } from '../../infrastructure/push-subscriptions.repository.js';
import { SendDueRemindersCommand } from './send-due-reminders.command.js';

/** How far ahead a scan looks: the evening reminder at 20:00 for a window as late as 10:00 the next day. */
const LOOKAHEAD_MS = 14 * 3_600_000;

@CommandHandler(SendDueRemindersCommand)
export class SendDueRemindersHandler implements ICommandHandler<SendDueRemindersCommand, { reminders: number; delivered: number }> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(PushSubscriptionsRepository) private readonly subs: PushSubscriptionsRepository,
    @Inject(PushSender) private readonly sender: PushSender,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ reminders: number; delivered: number }> {
    if (!this.sender.enabled) return { reminders: 0, delivered: 0 };
    const now = this.clock.now();
    const mornings = await this.queryBus.execute(new ListPendingMorningsQuery(now, new Date(now.getTime() + LOOKAHEAD_MS)));
    if (mornings.length === 0) return { reminders: 0, delivered: 0 };
    const userIds = [...new Set(mornings.map((m) => m.userId))];
    const [recipients, subscriptions] = await Promise.all([this.queryBus.execute(new GetReminderRecipientsQuery(userIds)), this.subs.forUsers(userIds)]);
    let reminders = 0;
    let delivered = 0;
    for (const row of mornings) {
      const devices = subscriptions.filter((s) => s.userId === row.userId);
      if (!recipients.has(row.userId) || devices.length === 0) continue;
      const morning: PendingMorning = {
        challengeDate: row.challengeDate,
        wakeUpTime: row.wakeUpTime,
        stake: formatInr(row.stake),
        windowOpensAt: row.windowOpensAt,
        windowClosesAt: row.windowClosesAt,
        eveningAt: zonedInstant(addDays(row.challengeDate, -1), EVENING_TIME, this.config.appTimezone),
      };
      for (const kind of dueReminders(morning, now)) {
        if (!(await this.subs.claim(row.challengeId, kind, row.userId, now))) continue;
        reminders += 1;
        const message = reminderMessage(kind, morning);
        // A reminder is worth nothing once the window has closed: the push service may drop it after that.
        const ttl = Math.max(60, Math.floor((row.windowClosesAt.getTime() - now.getTime()) / 1000));
        let ok = 0;
        for (const device of devices) {
          const outcome = await this.sender.send(device, { ...message, url: `${this.config.appUrl}/dashboard`, challengeId: row.challengeId, kind }, ttl);
          if (outcome === 'delivered') {
            ok += 1;
            await this.subs.markSent(device.id, now);
          } else if (outcome === 'gone') {
            await this.subs.removeById(device.id);
          }
        }
        delivered += ok;
        await this.subs.recordDelivered(row.challengeId, kind, ok);
      }
    }
    return { reminders, delivered };
  }
}
