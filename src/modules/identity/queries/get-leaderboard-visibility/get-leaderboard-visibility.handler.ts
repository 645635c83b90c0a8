import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../common/uuid.js';
import { effectiveSettings } from '../../domain/settings.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetLeaderboardVisibilityQuery } from './get-leaderboard-visibility.query.js';

@QueryHandler(GetLeaderboardVisibilityQuery)
export class GetLeaderboardVisibilityHandler implements IQueryHandler<GetLeaderboardVisibilityQuery, Set<string>> {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  async execute({ userIds }: GetLeaderboardVisibilityQuery): Promise<Set<string>> {
    const ids = [...new Set(userIds.filter(isUuid))];
    if (ids.length === 0) return new Set();
    const rows = await this.users.settingsOfOpen(ids);
    return new Set(rows.filter((r) => effectiveSettings(r.settings).privacy.showOnLeaderboard).map((r) => r.id));
  }
}
