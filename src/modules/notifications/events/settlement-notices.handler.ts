import { Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MailOutbox } from '../../../common/mail/mail-outbox.js';
import { AfterCommit, ITransactionalEventHandler, TransactionalEventsHandler } from '../../../common/transactional-events.js';
import { AppConfig, donationDestination } from '../../../config/app-config.js';
import { ChallengesSettled } from '../../settlement/events/challenges-settled.event.js';
import { CreateNotificationsCommand } from '../commands/create-notifications/create-notifications.command.js';
import { receiptMail, settlementNotice } from '../domain/notices.js';

/**
 * A settled chunk: every line's notice in ONE multi-row insert, in the chunk's transaction (dedupe key
 * `settlement:{challengeId}`), and, with SETTLEMENT_RECEIPT_MAIL, the receipts staged in the outbox in the same
 * transaction and queued after the commit (test pools get none).
 */
@TransactionalEventsHandler(ChallengesSettled)
export class SettlementNoticesHandler implements ITransactionalEventHandler<ChallengesSettled> {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(MailOutbox) private readonly mail: MailOutbox,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async handle({ date, mode, testPool, lines, manager }: ChallengesSettled): Promise<AfterCommit | void> {
    if (lines.length === 0) return;
    const notices = lines.map((l) => settlementNotice(date, mode, l, (id) => this.charityName(id)));
    await this.commandBus.execute(new CreateNotificationsCommand({ items: notices, manager }));
    if (testPool || !this.config.settlementReceiptMail) return;
    return this.mail.stageForUsersAfterCommit(
      manager,
      notices.map((n) => ({ userId: n.userId, ...receiptMail(this.config.appUrl, n) })),
      'SETTLEMENT_RECEIPT',
    );
  }

  private charityName(charityId: string | null): string {
    return donationDestination((this.names ??= new Map(this.config.charities.map((c) => [c.id, c.name]))), charityId);
  }
  private names?: ReadonlyMap<string, string>;
}
