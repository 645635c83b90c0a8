import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { userWallet, worldShard } from '../../domain/accounts.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { CreditAppealRefundCommand } from './credit-appeal-refund.command.js';

@CommandHandler(CreditAppealRefundCommand)
export class CreditAppealRefundHandler implements ICommandHandler<CreditAppealRefundCommand, LedgerEntryResult> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: CreditAppealRefundCommand): Promise<LedgerEntryResult> {
    const amount = requirePositive(input.amount);
    return this.ledger.post(
      {
        idempotencyKey: `appeal:${input.appealId}:refund`,
        reason: 'APPEAL_REFUND',
        correlation: { type: 'challenge', id: input.challengeId },
        postings: [
          { account: worldShard(input.appealId), amount: -amount },
          { account: userWallet(input.userId), amount },
        ],
        metadata: { userId: input.userId, challengeId: input.challengeId, appealId: input.appealId, note: input.note },
      },
      input.manager,
    );
  }
}
