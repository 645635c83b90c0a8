import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { returnedRows } from '../../infrastructure/sql.js';
import { MarkChallengesProcessedCommand } from './mark-challenges-processed.command.js';

const BATCH = 5000;

/** One UPDATE … FROM unnest(…) per batch; rows already PROCESSED (or not COMPLETED) are left alone. */
@CommandHandler(MarkChallengesProcessedCommand)
export class MarkChallengesProcessedHandler implements ICommandHandler<MarkChallengesProcessedCommand, { updated: number }> {
  constructor(
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ items, manager }: MarkChallengesProcessedCommand): Promise<{ updated: number }> {
    const m = manager ?? this.dataSource.manager;
    const now = this.clock.now();
    let updated = 0;
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      const res = await m.query(
        `UPDATE challenges c
            SET status = 'PROCESSED', winnings_amount = u.winnings, actual_forfeit_amount = u.forfeit,
                refunded_amount = c.stake - u.forfeit, processed_at = $4, forgiven_reason = u.forgiven,
                -- proof of wake: a photo nobody reviewed before settlement settles as accepted
                proof_status = CASE WHEN c.proof_status = 'PENDING_REVIEW' THEN 'ACCEPTED' ELSE c.proof_status END
           FROM unnest($1::uuid[], $2::bigint[], $3::bigint[], $5::varchar[]) AS u(id, winnings, forfeit, forgiven)
          WHERE c.id = u.id AND c.status = 'COMPLETED'
          RETURNING c.id`,
        [batch.map((b) => b.challengeId), batch.map((b) => b.winningsAmount.toString()), batch.map((b) => b.actualForfeitAmount.toString()), now, batch.map((b) => b.forgivenReason ?? null)],
      );
      updated += returnedRows(res).length;
    }
    return { updated };
  }
}
