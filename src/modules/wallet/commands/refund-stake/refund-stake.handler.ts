import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { refundStakeEntry } from '../../domain/stake-entries.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { RefundStakeCommand } from './refund-stake.command.js';

/** Part of a failed challenge's stake back to the wallet. */
@CommandHandler(RefundStakeCommand)
export class RefundStakeHandler implements ICommandHandler<RefundStakeCommand, LedgerEntryResult> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: RefundStakeCommand): Promise<LedgerEntryResult> {
    const amount = requirePositive(input.amount);
    const { entryId, duplicate } = await this.ledger.post(refundStakeEntry({ ...input, amount }), input.manager);
    return { entryId, duplicate };
  }
}
