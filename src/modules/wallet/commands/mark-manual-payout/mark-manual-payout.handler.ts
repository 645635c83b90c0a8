import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { toRupees } from '../../../../common/money.js';
import { isUuid } from '../../../../common/uuid.js';
import { AppConfig } from '../../../../config/app-config.js';
import { WithdrawalRepository } from '../../infrastructure/withdrawal.repository.js';
import { WalletErrors } from '../../wallet.errors.js';
import { MarkManualPayoutCommand } from './mark-manual-payout.command.js';

/**
 * PAYOUTS_PROVIDER=manual: staff mark each payout paid (with the bank's reference: posted out) or failed (with a reason:
 * refunded in full). Each withdrawal is marked once; the same guarded transition the payout job uses makes a second
 * mark a 400.
 */
@CommandHandler(MarkManualPayoutCommand)
export class MarkManualPayoutHandler implements ICommandHandler<MarkManualPayoutCommand, unknown> {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
  ) {}

  execute({ withdrawalId, outcome, detail, actorId }: MarkManualPayoutCommand) {
    return outcome === 'PAID' ? this.markPaid(withdrawalId, detail, actorId) : this.markFailed(withdrawalId, detail, actorId);
  }

  private async markPaid(withdrawalId: string, bankReference: string, actorId: string) {
    const w = await this.awaiting(withdrawalId);
    const r = await this.withdrawals.settle(
      w,
      { ok: true, reference: `manual:${bankReference.trim()}`, providerStatus: 'paid_by_staff' },
      { markedBy: actorId },
    );
    if (!r.changed) throw WalletErrors.alreadyMarked(r.status);
    return { withdrawalId, userId: w.user_id, status: r.status, bankReference: bankReference.trim() };
  }

  private async markFailed(withdrawalId: string, reason: string, actorId: string) {
    const w = await this.awaiting(withdrawalId);
    const why = `Bank payout failed: ${reason.trim()}`;
    const r = await this.withdrawals.settle(w, { ok: false, reason: why, providerStatus: 'failed_by_staff' }, { markedBy: actorId });
    if (!r.changed) throw WalletErrors.alreadyMarked(r.status);
    return { withdrawalId, userId: w.user_id, status: r.status, reason: why, refunded: toRupees(BigInt(w.amount)) };
  }

  private async awaiting(withdrawalId: string) {
    if (!isUuid(withdrawalId)) throw WalletErrors.notFound('Withdrawal');
    const w = await this.withdrawals.find(withdrawalId);
    if (!w) throw WalletErrors.notFound('Withdrawal');
    if (w.status !== 'PENDING') throw WalletErrors.alreadyMarked(w.status);
    const manual = w.payout_provider === 'manual' || (w.payout_provider === null && this.config.payoutsProvider === 'manual');
    if (!manual) throw WalletErrors.notManual();
    return w;
  }
}
