import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { StillAwakeRepository } from '../../infrastructure/still-awake.repository.js';
import { DueStillAwakeCheck, ListDueStillAwakeChecksQuery } from './list-due-still-awake-checks.query.js';

@QueryHandler(ListDueStillAwakeChecksQuery)
export class ListDueStillAwakeChecksHandler implements IQueryHandler<ListDueStillAwakeChecksQuery, DueStillAwakeCheck[]> {
  constructor(@Inject(StillAwakeRepository) private readonly checks: StillAwakeRepository) {}

  async execute({ now, limit }: ListDueStillAwakeChecksQuery): Promise<DueStillAwakeCheck[]> {
    return (await this.checks.dueToAsk(now, limit)).map((c) => ({ challengeId: c.challengeId, userId: c.userId, deadlineAt: c.deadlineAt }));
  }
}
