import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { effectiveSettings, UserSettings } from '../../domain/settings.js';
import { GetLeaderboardVisibilityQuery } from './get-leaderboard-visibility.query.js';

@QueryHandler(GetLeaderboardVisibilityQuery)
export class GetLeaderboardVisibilityHandler implements IQueryHandler<GetLeaderboardVisibilityQuery, Set<string>> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userIds }: GetLeaderboardVisibilityQuery): Promise<Set<string>> {
    const ids = [...new Set(userIds.filter(isUuid))];
    if (ids.length === 0) return new Set();
    const rows = (await this.ds.query(`SELECT id, settings FROM users WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [ids])) as { id: string; settings: Partial<UserSettings> | null }[];
    return new Set(rows.filter((r) => effectiveSettings(r.settings).privacy.showOnLeaderboard).map((r) => r.id));
  }
}
