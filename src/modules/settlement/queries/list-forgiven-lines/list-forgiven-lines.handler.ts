import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SettlementRepository } from '../../infrastructure/settlement.repository.js';
import { ForgivenLineView, ListForgivenLinesQuery } from './list-forgiven-lines.query.js';

@QueryHandler(ListForgivenLinesQuery)
export class ListForgivenLinesHandler implements IQueryHandler<ListForgivenLinesQuery, ForgivenLineView[]> {
  constructor(@Inject(SettlementRepository) private readonly repo: SettlementRepository) {}

  async execute({ outageIds }: ListForgivenLinesQuery): Promise<ForgivenLineView[]> {
    if (outageIds.length === 0) return [];
    const rows = await this.repo.forgivenLines(outageIds);
    return rows.map((r) => ({
      outageId: r.forgiven_by as string,
      challengeId: r.challenge_id as string,
      userId: r.user_id as string,
      date: r.date as string,
      batch: Number(r.batch_no),
      stake: BigInt(r.stake as string),
      paid: r.status === 'PAID',
      note: (r.forgiven_note as string | null) ?? null,
    }));
  }
}
