import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { pool, PLATFORM_REVENUE } from '../../domain/accounts.js';
import { requirePositive } from '../require-positive.js';
import type { LedgerEntryResult } from '../ledger-entry-result.js';
import { TakePlatformRevenueCommand } from './take-platform-revenue.command.js';

/** A pool nobody won goes to platform revenue. */
@CommandHandler(TakePlatformRevenueCommand)
export class TakePlatformRevenueHandler implements ICommandHandler<TakePlatformRevenueCommand, LedgerEntryResult> {
  constructor(@Inject(LedgerService) private readonly ledger: LedgerService) {}

  async execute({ input }: TakePlatformRevenueCommand): Promise<LedgerEntryResult> {
    const amount = requirePositive(input.amount);
    const { entryId, duplicate } = await this.ledger.post(
      {
        idempotencyKey: `pool:${input.date}:revenue:${input.batchId}`,
        reason: 'PLATFORM_REVENUE',
        correlation: { type: 'settlement', id: input.batchId },
        postings: [
          { account: pool(input.date, input.testPool, input.proof), amount: -amount },
          { account: PLATFORM_REVENUE, amount },
        ],
        metadata: { date: input.date, batchId: input.batchId },
      },
      input.manager,
    );
    return { entryId, duplicate };
  }
}
