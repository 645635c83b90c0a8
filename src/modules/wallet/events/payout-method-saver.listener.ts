import { Inject, Logger } from '@nestjs/common';
import { CommandBus, EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SavePayoutMethodCommand } from '../commands/save-payout-method/save-payout-method.command.js';
import { LedgerEntryPosted } from './ledger-entry-posted.event.js';

/** A withdrawal was paid (its WITHDRAWAL_PAID entry committed): its destination becomes a saved payout method. */
@EventsHandler(LedgerEntryPosted)
export class PayoutMethodSaver implements IEventHandler<LedgerEntryPosted> {
  private readonly logger = new Logger('PayoutMethods');

  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  async handle(event: LedgerEntryPosted): Promise<void> {
    if (event.reason !== 'WITHDRAWAL_PAID' || event.correlation.type !== 'withdrawal') return;
    try {
      await this.commands.execute(new SavePayoutMethodCommand(event.correlation.id));
    } catch (e) {
      // A convenience for next time: the payout itself is done whatever happens here.
      this.logger.warn(`could not save the payout method of withdrawal ${event.correlation.id}: ${(e as Error).message}`);
    }
  }
}
