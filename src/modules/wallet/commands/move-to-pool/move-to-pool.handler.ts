import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { moveToPoolEntry } from '../../domain/stake-entries.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { MoveToPoolCommand } from './move-to-pool.command.js';

/** The forfeited part of a stake into the day's pool. */
@CommandHandler(MoveToPoolCommand)
export class MoveToPoolHandler implements ICommandHandler<MoveToPoolCommand, LedgerEntryResult> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: MoveToPoolCommand): Promise<LedgerEntryResult> {
    const amount = requirePositive(input.amount);
    const { entryId, duplicate } = await this.ledger.post(moveToPoolEntry({ ...input, amount }), input.manager);
    return { entryId, duplicate };
  }
}
