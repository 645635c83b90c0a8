import { Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ITransactionalEventHandler, TransactionalEventsHandler } from '../../../common/transactional-events.js';
import { DepositCredited } from '../../wallet/events/deposit-credited.event.js';
import { WithdrawalFailed, WithdrawalPaid, WithdrawalReturned } from '../../wallet/events/withdrawal-settled.events.js';
import { CreateNotificationCommand } from '../commands/create-notification/create-notification.command.js';
import { depositNotice, withdrawalNotice } from '../domain/notices.js';

type MoneyEvent = DepositCredited | WithdrawalPaid | WithdrawalFailed | WithdrawalReturned;

/** Money in and out: the notice is written in the transaction that moved the money (both commit, or neither). */
@TransactionalEventsHandler(DepositCredited, WithdrawalPaid, WithdrawalFailed, WithdrawalReturned)
export class MoneyNoticesHandler implements ITransactionalEventHandler<MoneyEvent> {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  async handle(event: MoneyEvent): Promise<void> {
    const notice =
      event instanceof DepositCredited
        ? depositNotice(event)
        : withdrawalNotice(event.withdrawal, event instanceof WithdrawalPaid ? 'paid' : event instanceof WithdrawalFailed ? 'reversed' : 'returned');
    await this.commandBus.execute(new CreateNotificationCommand({ ...notice, manager: event.manager }));
  }
}
