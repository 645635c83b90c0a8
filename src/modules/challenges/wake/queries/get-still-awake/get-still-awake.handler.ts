import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../../common/clock.js';
import { isUuid } from '../../../../../common/uuid.js';
import { stillAwakeStatus } from '../../domain/still-awake-rules.js';
import { StillAwakeRepository } from '../../infrastructure/still-awake.repository.js';
import { WakeAccountRepository } from '../../infrastructure/wake-account.repository.js';
import { GetStillAwakeCheckQuery, GetStillAwakeSettingQuery, StillAwakeCheckView } from './get-still-awake.query.js';

@QueryHandler(GetStillAwakeSettingQuery)
export class GetStillAwakeSettingHandler implements IQueryHandler<GetStillAwakeSettingQuery, { enabled: boolean }> {
  constructor(@Inject(WakeAccountRepository) private readonly accounts: WakeAccountRepository) {}

  async execute({ userId }: GetStillAwakeSettingQuery): Promise<{ enabled: boolean }> {
    return { enabled: (await this.accounts.readAccount(userId)).stillAwake };
  }
}

@QueryHandler(GetStillAwakeCheckQuery)
export class GetStillAwakeCheckHandler implements IQueryHandler<GetStillAwakeCheckQuery, StillAwakeCheckView | null> {
  constructor(
    @Inject(StillAwakeRepository) private readonly checks: StillAwakeRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, challengeId }: GetStillAwakeCheckQuery): Promise<StillAwakeCheckView | null> {
    if (!isUuid(challengeId)) return null;
    const c = await this.checks.check(challengeId, userId);
    if (!c) return null;
    const status = stillAwakeStatus(c, this.clock.now());
    const shown = status !== 'SCHEDULED' && status !== 'VOID';
    return {
      challengeId,
      status,
      askedAt: shown ? (c.askedAt ?? c.askAt).toISOString() : null,
      deadlineAt: shown ? c.deadlineAt.toISOString() : null,
      answeredAt: c.answeredAt ? c.answeredAt.toISOString() : null,
    };
  }
}
