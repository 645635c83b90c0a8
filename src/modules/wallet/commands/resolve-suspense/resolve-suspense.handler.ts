import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WalletErrors } from '../../wallet.errors.js';
import { isUuid } from '../../../../common/uuid.js';
import { suspense, worldShard } from '../../domain/accounts.js';
import { LedgerService } from '../../infrastructure/ledger.service.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { ResolveSuspenseCommand } from './resolve-suspense.command.js';

@CommandHandler(ResolveSuspenseCommand)
export class ResolveSuspenseHandler implements ICommandHandler<ResolveSuspenseCommand, { entryId: string; amount: bigint; duplicate: boolean }> {
  constructor(
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
  ) {}

  async execute({ userId, reference, note, actorId }: ResolveSuspenseCommand): Promise<{ entryId: string; amount: bigint; duplicate: boolean }> {
    if (!isUuid(userId)) throw WalletErrors.notFound('Suspense account');
    const account = suspense(userId);
    const key = `suspense:${userId}:returned:${reference}`;
    // A repeat of the same resolution answers what it did the first time.
    const done = await this.reads.postedOutOf(key, account);
    if (done) return { entryId: done.id, amount: BigInt(done.amount), duplicate: true };
    const amount = await this.reads.balanceOf(account);
    if (amount === undefined) throw WalletErrors.notFound('Suspense account');
    if (amount <= 0n) throw WalletErrors.suspenseEmpty();
    const entry = {
      idempotencyKey: key,
      reason: 'SUSPENSE_RETURNED',
      correlation: { type: 'adjustment' as const, id: account },
      postings: [
        { account, amount: -amount },
        { account: worldShard(account), amount },
      ],
      metadata: { reference, note, resolvedBy: actorId },
    };
    // A concurrent resolution of the same money fails here (the account cannot go below zero), never pays twice.
    const posted = await this.ledger.post(entry);
    this.ledger.publish(posted.entryId, entry);
    return { entryId: posted.entryId, amount, duplicate: posted.duplicate };
  }
}
