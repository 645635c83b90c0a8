import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { MailOutbox } from '../../../../common/mail/mail-outbox.js';
import { formatInr } from '../../../../common/money.js';
import { addDays, zonedInstant, zonedParts } from '../../../../common/time.js';
import { AppConfig } from '../../../../config/app-config.js';
import { ListPendingMorningsQuery } from '../../../challenges/day/queries/list-pending-mornings/list-pending-mornings.query.js';
import { GetReminderRecipientsQuery, ReminderRecipient } from '../../../identity/queries/get-reminder-recipients/get-reminder-recipients.query.js';
import { CreateNotificationCommand } from '../create-notification/create-notification.command.js';
import { ChannelPrefs, fallbackChannel, firstChannel, ReminderChannel, reminderMail } from '../../domain/reminder-channels.js';
import { dueReminders, EVENING_TIME, PendingMorning, ReminderKind, reminderMessage } from '../../domain/reminders.js';
import { PushSender } from '../../infrastructure/push-sender.js';
import { PushSubscriptionRow, PushSubscriptionsRepository } from '../../infrastructure/push-subscriptions.repository.js';
import { SendDueRemindersCommand } from './send-due-reminders.command.js';

/** How far ahead a scan looks: the evening reminder at 20:00 for a window as late as 10:00 the next day. */
const LOOKAHEAD_MS = 14 * 3_600_000;

interface Due {
  challengeId: string;
  userId: string;
  kind: ReminderKind;
  message: { title: string; body: string; tag: string };
  recipient: ReminderRecipient;
}

@CommandHandler(SendDueRemindersCommand)
export class SendDueRemindersHandler implements ICommandHandler<SendDueRemindersCommand, { reminders: number; delivered: number }> {
  private readonly logger = new Logger('Reminders');

  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(PushSubscriptionsRepository) private readonly subs: PushSubscriptionsRepository,
    @Inject(PushSender) private readonly sender: PushSender,
    @Inject(MailOutbox) private readonly mail: MailOutbox,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ reminders: number; delivered: number }> {
    const now = this.clock.now();
    const mornings = await this.queryBus.execute(new ListPendingMorningsQuery(now, new Date(now.getTime() + LOOKAHEAD_MS)));
    if (mornings.length === 0) return { reminders: 0, delivered: 0 };
    const userIds = [...new Set(mornings.map((m) => m.userId))];
    // Without VAPID keys nothing can be pushed: every reminder takes its fallback.
    const [recipients, subscriptions] = await Promise.all([
      this.queryBus.execute(new GetReminderRecipientsQuery(userIds)),
      this.sender.enabled ? this.subs.forUsers(userIds) : Promise.resolve([] as PushSubscriptionRow[]),
    ]);
    const localMinutes = zonedParts(now, this.config.appTimezone).minutes;
    let reminders = 0;
    let delivered = 0;
    let mailed = 0;
    for (const row of mornings) {
      const recipient = recipients.get(row.userId);
      if (!recipient) continue; // reminders switched off, or the account is closed
      const devices = subscriptions.filter((s) => s.userId === row.userId);
      const morning: PendingMorning = {
        challengeDate: row.challengeDate,
        wakeUpTime: row.wakeUpTime,
        stake: formatInr(row.stake),
        windowOpensAt: row.windowOpensAt,
        windowClosesAt: row.windowClosesAt,
        eveningAt: zonedInstant(addDays(row.challengeDate, -1), EVENING_TIME, this.config.appTimezone),
      };
      for (const kind of dueReminders(morning, now)) {
        const due: Due = { challengeId: row.challengeId, userId: row.userId, kind, message: reminderMessage(kind, morning), recipient };
        const channel = firstChannel(kind, localMinutes, prefsOf(recipient), devices.length > 0);
        if (!(await this.claim(due, channel, now))) continue;
        if (channel === 'mail') mailed += 1;
        if (channel !== 'push') continue;
        reminders += 1;
        // A reminder is worth nothing once the window has closed: the push service may drop it after that.
        const ttl = Math.max(60, Math.floor((row.windowClosesAt.getTime() - now.getTime()) / 1000));
        const ok = await this.push(due, devices, ttl, now);
        delivered += ok;
        await this.subs.recordDelivered(row.challengeId, kind, ok);
        if (ok === 0 && (await this.fallBack(due)) === 'mail') mailed += 1;
      }
    }
    if (mailed > 0) this.logger.log(`Mailed ${mailed} reminder(s)`);
    return { reminders, delivered };
  }

  /** The claim, the in-app notice and (for mail) the outbox row: one transaction, so a retry finds all or none. */
  private async claim(due: Due, channel: ReminderChannel, now: Date): Promise<boolean> {
    let mailId: string | null = null;
    const claimed = await this.ds.transaction(async (m) => {
      if (!(await this.subs.claim(m, { challengeId: due.challengeId, kind: due.kind, userId: due.userId, channel }, now))) return false;
      await this.commandBus.execute(
        new CreateNotificationCommand({
          userId: due.userId,
          type: 'CHALLENGE_REMINDER',
          title: due.message.title,
          message: due.message.body,
          data: { challengeId: due.challengeId, kind: due.kind, channel },
          dedupeKey: `reminder:${due.challengeId}:${due.kind}`,
          manager: m,
        }),
      );
      if (channel === 'mail') mailId = await this.stageMail(m, due);
      return true;
    });
    if (mailId) this.mail.dispatch(mailId);
    return claimed;
  }

  /** Push reached no device (gone, failing, or every subscription dropped): mail if allowed, once however often retried. */
  private async fallBack(due: Due): Promise<'mail' | 'in-app' | null> {
    const channel = fallbackChannel(prefsOf(due.recipient));
    let mailId: string | null = null;
    const moved = await this.ds.transaction(async (m) => {
      if (!(await this.subs.fallBack(m, due.challengeId, due.kind, channel))) return false;
      if (channel === 'mail') mailId = await this.stageMail(m, due);
      return true;
    });
    if (mailId) this.mail.dispatch(mailId);
    return moved ? channel : null;
  }

  private async stageMail(m: EntityManager, due: Due): Promise<string> {
    const content = reminderMail(due.message, `${this.config.appUrl}/dashboard`);
    const id = await this.mail.stage(m, { to: due.recipient.email!, ...content }, 'REMINDER');
    await this.subs.recordMail(m, due.challengeId, due.kind, id);
    return id;
  }

  private async push(due: Due, devices: PushSubscriptionRow[], ttl: number, now: Date): Promise<number> {
    let ok = 0;
    for (const device of devices) {
      const outcome = await this.sender.send(
        device,
        { ...due.message, url: `${this.config.appUrl}/dashboard`, challengeId: due.challengeId, kind: due.kind },
        ttl,
      );
      if (outcome === 'delivered') {
        ok += 1;
        await this.subs.markSent(device.id, now);
      } else if (outcome === 'gone') {
        await this.subs.removeById(device.id);
      }
    }
    return ok;
  }
}

function prefsOf(r: ReminderRecipient): ChannelPrefs {
  return { push: r.push, mail: r.mail, mailable: r.email !== null, quietHours: r.quietHours };
}
