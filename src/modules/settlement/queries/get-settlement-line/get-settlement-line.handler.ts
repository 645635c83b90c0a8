import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { receiptOutcome, type ReceiptLine, type StoredReceipt } from '../../domain/receipt.js';
import { receiptView } from '../../dto/settlement.view.js';
import { GetSettlementLineQuery, SettlementLineView } from './get-settlement-line.query.js';
import { isUuid } from '../../../../common/uuid.js';


@QueryHandler(GetSettlementLineQuery)
export class GetSettlementLineHandler implements IQueryHandler<GetSettlementLineQuery, SettlementLineView | null> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ challengeId }: GetSettlementLineQuery): Promise<SettlementLineView | null> {
    if (!isUuid(challengeId)) return null;
    const rows = (await this.ds.query(
      `SELECT l.challenge_id, l.user_id, to_char(l.settlement_date, 'YYYY-MM-DD') AS date, l.run_id, r.batch_no, r.status AS run_status, r.finished_at,
              l.line_no, l.stake::text, l.is_successful, l.refund::text, l.pooled::text, l.winnings::text, l.status, l.paid_at, r.receipt, l.forgiven_by, l.forgiven_note
         FROM settlement_lines l JOIN settlement_runs r ON r.id = l.run_id WHERE l.challenge_id = $1`,
      [challengeId],
    )) as Record<string, unknown>[];
    const r = rows[0];
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
      receipt: receiptView({ ...(r.receipt as StoredReceipt), lines: await this.receiptLines(r.run_id as string) }),
    };
  }

  /** The receipt's anonymous lines, from settlement_lines in line order (the stored receipt holds only totals). */
  private async receiptLines(runId: string): Promise<ReceiptLine[]> {
    const rows = (await this.ds.query(
      `SELECT line_no, stake::text AS stake, is_successful, forgiven_by, refund::text AS refund, winnings::text AS winnings FROM settlement_lines WHERE run_id = $1 ORDER BY line_no`,
      [runId],
    )) as Record<string, unknown>[];
    return rows.map((x) => [Number(x.line_no), x.stake as string, receiptOutcome({ isSuccessful: x.is_successful as boolean, forgivenBy: x.forgiven_by as string | null }), x.refund as string, x.winnings as string]);
  }
}
