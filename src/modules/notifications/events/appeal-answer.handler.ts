import { Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MailOutbox } from '../../../common/mail/mail-outbox.js';
import { AfterCommit, ITransactionalEventHandler, TransactionalEventsHandler } from '../../../common/transactional-events.js';
import { AppConfig } from '../../../config/app-config.js';
import { AppealDecided } from '../../challenges/events/challenge-events.js';
import { CreateNotificationCommand } from '../commands/create-notification/create-notification.command.js';
import { appealAnswer } from '../domain/notices.js';

/** The answer to an appeal, as a notice and a mail, both written in the decision's transaction; the mail is queued after the commit. */
@TransactionalEventsHandler(AppealDecided)
export class AppealAnswerHandler implements ITransactionalEventHandler<AppealDecided> {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(MailOutbox) private readonly mail: MailOutbox,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async handle(event: AppealDecided): Promise<AfterCommit> {
    const { notice, mail } = appealAnswer(event, this.config.appUrl);
    await this.commandBus.execute(new CreateNotificationCommand({ ...notice, manager: event.manager }));
    return this.mail.stageForUsersAfterCommit(event.manager, [{ userId: notice.userId, ...mail }], 'GENERIC');
  }
}
