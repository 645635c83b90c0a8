import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { WakeRepository } from '../../infrastructure/wake.repository.js';
import { DueStillAwakeCheck, ListDueStillAwakeChecksQuery } from './list-due-still-awake-checks.query.js';

@QueryHandler(ListDueStillAwakeChecksQuery)
export class ListDueStillAwakeChecksHandler implements IQueryHandler<ListDueStillAwakeChecksQuery, DueStillAwakeCheck[]> {
  constructor(@Inject(WakeRepository) private readonly wake: WakeRepository) {}

  async execute({ now, limit }: ListDueStillAwakeChecksQuery): Promise<DueStillAwakeCheck[]> {
    return (await this.wake.dueToAsk(now, limit)).map((c) => ({ challengeId: c.challengeId, userId: c.userId, deadlineAt: c.deadlineAt }));
  }
}
