import { Inject, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MailOutbox } from '../../../common/mail/mail-outbox.js';
import { AfterCommit, ITransactionalEventHandler, TransactionalEventsHandler } from '../../../common/transactional-events.js';
import { AppConfig } from '../../../config/app-config.js';
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
  private readonly logger = new Logger('Settlement');

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
    const mailIds = await this.mail.stageForUsers(manager, notices.map((n) => ({ userId: n.userId, ...receiptMail(this.config.appUrl, n) })), 'SETTLEMENT_RECEIPT');
    if (mailIds.length === 0) return;
    return () => this.mail.enqueueMany(mailIds).catch((e: Error) => this.logger.warn(`settlement receipts left to the mail sweep: ${e.message}`));
  }

  private charityName(charityId: string | null): string {
    if (!charityId) return 'WakeStake (no charity is configured)';
    return this.config.charities.find((c) => c.id === charityId)?.name ?? charityId;
  }
}
