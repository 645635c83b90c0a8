import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { foldMornings, ShieldSummary, shieldSummary } from '../../domain/shield-rules.js';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { GetShieldsQuery } from './get-shields.query.js';

/** The stored account with the settled mornings since its cursor folded in (the same fold a spend makes under its lock). */
@QueryHandler(GetShieldsQuery)
export class GetShieldsHandler implements IQueryHandler<GetShieldsQuery, ShieldSummary> {
  constructor(
    @Inject(WakeRepository) private readonly wake: WakeRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: GetShieldsQuery): Promise<ShieldSummary> {
    const account = await this.wake.readAccount(userId);
    const folded = foldMornings(account, await this.wake.morningsAfter(userId, account.cursor));
    // the next read starts from here (kept only if no spend changed the row meanwhile)
    if (folded.cursor !== account.cursor) await this.wake.saveFoldIfUnchanged(userId, account, folded, this.clock.now());
    return shieldSummary(folded);
  }
}
