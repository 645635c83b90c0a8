import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { foldMornings, ShieldSummary, shieldSummary } from '../../domain/shield-rules.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { WakeAccountRepository } from '../../../wake/infrastructure/wake-account.repository.js';
import { GetShieldsQuery } from './get-shields.query.js';

/** The stored account with the settled mornings since its cursor folded in (the same fold a spend makes under its lock). */
@QueryHandler(GetShieldsQuery)
export class GetShieldsHandler implements IQueryHandler<GetShieldsQuery, ShieldSummary> {
  constructor(
    @Inject(WakeAccountRepository) private readonly accounts: WakeAccountRepository,
    @Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: GetShieldsQuery): Promise<ShieldSummary> {
    const account = await this.accounts.readAccount(userId);
    const folded = foldMornings(account, await this.reads.morningsAfter(userId, account.cursor));
    // the next read starts from here (kept only if no spend changed the row meanwhile)
    if (folded.cursor !== account.cursor) await this.accounts.saveFoldIfUnchanged(userId, account, folded, this.clock.now());
    return shieldSummary(folded);
  }
}
