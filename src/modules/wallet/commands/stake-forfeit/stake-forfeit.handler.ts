import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { userWallet, challengeStake } from '../../domain/accounts.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { StakeForfeitCommand } from './stake-forfeit.command.js';

/** user wallet → challenge stake; refused with WALLET.INSUFFICIENT_FUNDS when it would overdraw. */
@CommandHandler(StakeForfeitCommand)
export class StakeForfeitHandler implements ICommandHandler<StakeForfeitCommand, LedgerEntryResult> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: StakeForfeitCommand): Promise<LedgerEntryResult> {
    const amount = requirePositive(input.amount);
    const { entryId, duplicate } = await this.ledger.post(
      {
        idempotencyKey: `challenge:${input.challengeId}:stake`,
        reason: 'CHALLENGE_STAKE',
        correlation: { type: 'challenge', id: input.challengeId },
        postings: [
          { account: userWallet(input.userId), amount: -amount },
          { account: challengeStake(input.challengeId), amount },
        ],
        metadata: { userId: input.userId, challengeId: input.challengeId },
      },
      input.manager,
      input.balanceAbove === undefined ? {} : { floor: { account: userWallet(input.userId), above: input.balanceAbove } },
    );
    return { entryId, duplicate };
  }
}
