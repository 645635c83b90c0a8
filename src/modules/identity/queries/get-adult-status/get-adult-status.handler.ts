import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { zonedParts } from '../../../../common/time.js';
import { isUuid } from '../../../../common/uuid.js';
import { AppConfig } from '../../../../config/app-config.js';
import { isAdult } from '../../domain/profile-rules.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { AdultStatus, GetAdultStatusQuery } from './get-adult-status.query.js';

@QueryHandler(GetAdultStatusQuery)
export class GetAdultStatusHandler implements IQueryHandler<GetAdultStatusQuery, AdultStatus | null> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId }: GetAdultStatusQuery): Promise<AdultStatus | null> {
    if (!isUuid(userId)) return null;
    const row = await this.users.dateOfBirth(userId);
    if (!row) return null;
    const today = zonedParts(this.clock.now(), this.config.appTimezone).date;
    return { adult: isAdult(row.dob, today), dateOfBirth: row.dob };
  }
}
