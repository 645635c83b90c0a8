import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { returnStakeEntry } from '../../domain/stake-entries.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { ReturnStakeCommand } from './return-stake.command.js';

/** The whole stake back to the wallet (cancel, or a winner's stake). */
@CommandHandler(ReturnStakeCommand)
export class ReturnStakeHandler implements ICommandHandler<ReturnStakeCommand, LedgerEntryResult> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: ReturnStakeCommand): Promise<LedgerEntryResult> {
    const amount = requirePositive(input.amount);
    const { entryId, duplicate } = await this.ledger.post(returnStakeEntry({ ...input, amount }), input.manager);
    return { entryId, duplicate };
  }
}
