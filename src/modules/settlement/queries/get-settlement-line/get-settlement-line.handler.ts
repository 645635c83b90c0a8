import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { StoredReceipt } from '../../domain/receipt.js';
import { SettlementRepository } from '../../infrastructure/settlement.repository.js';
import { receiptView } from '../../dto/settlement.view.js';
import { GetSettlementLineQuery, SettlementLineView } from './get-settlement-line.query.js';
import { isUuid } from '../../../../common/uuid.js';

@QueryHandler(GetSettlementLineQuery)
export class GetSettlementLineHandler implements IQueryHandler<GetSettlementLineQuery, SettlementLineView | null> {
  constructor(@Inject(SettlementRepository) private readonly repo: SettlementRepository) {}

  async execute({ challengeId }: GetSettlementLineQuery): Promise<SettlementLineView | null> {
    if (!isUuid(challengeId)) return null;
    const r = await this.repo.lineWithRun(challengeId);
    if (!r) return null;
    return {
      challengeId: r.challenge_id as string,
      userId: r.user_id as string,
      date: r.date as string,
      runId: r.run_id as string,
      batch: Number(r.batch_no),
      runStatus: r.run_status as SettlementLineView['runStatus'],
      runFinishedAt: (r.finished_at as Date | null) ?? null,
      lineNo: Number(r.line_no),
      stake: BigInt(r.stake as string),
      isSuccessful: r.is_successful as boolean,
      refund: BigInt(r.refund as string),
      pooled: BigInt(r.pooled as string),
      winnings: BigInt(r.winnings as string),
      paid: r.status === 'PAID',
      paidAt: (r.paid_at as Date | null) ?? null,
      forgivenBy: (r.forgiven_by as string | null) ?? null,
      forgivenNote: (r.forgiven_note as string | null) ?? null,
      receipt: receiptView({ ...(r.receipt as StoredReceipt), lines: await this.repo.receiptLines(r.run_id as string) }),
    };
  }
}
