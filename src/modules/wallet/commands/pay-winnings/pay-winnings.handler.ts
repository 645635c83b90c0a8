import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { payWinningsEntry } from '../../domain/stake-entries.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { PayWinningsCommand } from './pay-winnings.command.js';

/** A winner's share of the day's pool into the wallet. */
@CommandHandler(PayWinningsCommand)
export class PayWinningsHandler implements ICommandHandler<PayWinningsCommand, LedgerEntryResult> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: PayWinningsCommand): Promise<LedgerEntryResult> {
    const amount = requirePositive(input.amount);
    const { entryId, duplicate } = await this.ledger.post(payWinningsEntry({ ...input, amount }), input.manager);
    return { entryId, duplicate };
  }
}
