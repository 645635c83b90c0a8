import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChallengeRepository } from '../../infrastructure/challenge.repository.js';
import { ListPendingMorningsQuery, PendingMorningRow } from './list-pending-mornings.query.js';

@QueryHandler(ListPendingMorningsQuery)
export class ListPendingMorningsHandler implements IQueryHandler<ListPendingMorningsQuery, PendingMorningRow[]> {
  constructor(@Inject(ChallengeRepository) private readonly challenges: ChallengeRepository) {}

  execute({ from, to }: ListPendingMorningsQuery): Promise<PendingMorningRow[]> {
    return this.challenges.pendingMornings(from, to);
  }
}
