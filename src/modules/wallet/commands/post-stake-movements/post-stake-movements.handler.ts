import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { moveToPoolEntry, payWinningsEntry, refundStakeEntry, returnStakeEntry } from '../../domain/stake-entries.js';
import type { EntryInput } from '../../domain/journal.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { PostStakeMovementsCommand, StakeMovement } from './post-stake-movements.command.js';

function entryOf(m: StakeMovement): EntryInput {
  const amount = requirePositive(m.amount);
  switch (m.type) {
    case 'REFUND_STAKE':
      return refundStakeEntry({ ...m, amount });
    case 'MOVE_TO_POOL':
      return moveToPoolEntry({ ...m, amount });
    case 'RETURN_STAKE':
      return returnStakeEntry({ ...m, amount });
    case 'PAY_WINNINGS':
      return payWinningsEntry({ ...m, amount });
  }
}

@CommandHandler(PostStakeMovementsCommand)
export class PostStakeMovementsHandler implements ICommandHandler<PostStakeMovementsCommand, LedgerEntryResult[]> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: PostStakeMovementsCommand): Promise<LedgerEntryResult[]> {
    const entries = input.movements.map(entryOf);
    const results = await this.ledger.postMany(entries, input.manager);
    return results.map(({ entryId, duplicate }) => ({ entryId, duplicate }));
  }
}
