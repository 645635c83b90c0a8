import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { donateForfeitEntry, moveToPoolEntry, payWinningsEntry, refundStakeEntry, returnStakeEntry } from '../../domain/stake-entries.js';
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
    case 'DONATE_FORFEIT':
      return donateForfeitEntry({ ...m, amount });
  }
}

@CommandHandler(PostStakeMovementsCommand)
export class PostStakeMovementsHandler implements ICommandHandler<PostStakeMovementsCommand, LedgerEntryResult[]> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  /**
   * In the caller's transaction, two ledger batches: first the movements between a user's own accounts (stake and wallet: no two concurrent
   * settlement chunks share them), then those through the day's pool. The pool row is locked from its batch to the
   * commit, so concurrent chunks (more workers) wait for each other only over the pool half of their writes.
   */
  async execute({ input }: PostStakeMovementsCommand): Promise<LedgerEntryResult[]> {
    const entries = input.movements.map(entryOf);
    // a charity or platform revenue is as shared as the pool: donations go in the second batch with it
    const viaPool = (i: number) => ['MOVE_TO_POOL', 'PAY_WINNINGS', 'DONATE_FORFEIT'].includes(input.movements[i].type);
    const all = [...entries.keys()];
    // Without a manager each postMany is its own transaction: then one batch, in the given order.
    const groups = input.manager ? [all.filter((i) => !viaPool(i)), all.filter(viaPool)] : [all];
    const results: LedgerEntryResult[] = new Array(entries.length);
    for (const group of groups) {
      if (group.length === 0) continue;
      const posted = await this.ledger.postMany(
        group.map((i) => entries[i]),
        input.manager,
      );
      posted.forEach(({ entryId, duplicate }, k) => (results[group[k]] = { entryId, duplicate }));
    }
    return results;
  }
}
