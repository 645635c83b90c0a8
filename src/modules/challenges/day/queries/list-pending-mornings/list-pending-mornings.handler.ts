import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { ListPendingMorningsQuery, PendingMorningRow } from './list-pending-mornings.query.js';

@QueryHandler(ListPendingMorningsQuery)
export class ListPendingMorningsHandler implements IQueryHandler<ListPendingMorningsQuery, PendingMorningRow[]> {
  constructor(@Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository) {}

  execute({ from, to }: ListPendingMorningsQuery): Promise<PendingMorningRow[]> {
    return this.reads.pendingMornings(from, to);
  }
}
