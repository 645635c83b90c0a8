import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../../../common/uuid.js';
import { streaks } from '../../domain/challenge-rules.js';
import { FriendMorning, GetGroupMorningsQuery, GroupMornings, MorningOutcome } from './get-group-mornings.query.js';

interface Row {
  id: string;
  user_id: string;
  date: string;
  status: string;
  is_successful: boolean | null;
  forgiven: boolean;
  excused: boolean;
  has_photo: boolean;
}

/** A cancelled row shows only when it was excused (shield, leave); a forgiven miss (our outage) is excused too. */
function outcomeOf(r: Row): MorningOutcome {
  if (r.status === 'CANCELLED' || r.forgiven) return 'EXCUSED';
  if (r.status === 'PENDING') return 'PENDING';
  return r.is_successful ? 'MADE' : 'MISSED';
}

@QueryHandler(GetGroupMorningsQuery)
export class GetGroupMorningsHandler implements IQueryHandler<GetGroupMorningsQuery, GroupMornings> {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async execute({ userIds, from, to }: GetGroupMorningsQuery): Promise<GroupMornings> {
    const ids = [...new Set(userIds.filter(isUuid))];
    if (ids.length === 0) return { mornings: [], streaks: new Map() };
    const rows = (await this.ds.query(
      `SELECT c.id, c.user_id, to_char(c.challenge_date, 'YYYY-MM-DD') AS date, c.status, c.is_successful,
              c.forgiven_reason IS NOT NULL AS forgiven, e.challenge_id IS NOT NULL AS excused, c.photo_path IS NOT NULL AS has_photo
         FROM challenges c LEFT JOIN challenge_excusals e ON e.challenge_id = c.id
        WHERE c.user_id = ANY($1::uuid[]) AND NOT c.is_test AND c.challenge_date BETWEEN $2::date AND $3::date
          AND (c.status <> 'CANCELLED' OR e.challenge_id IS NOT NULL)
        ORDER BY c.user_id, c.challenge_date, (c.status = 'CANCELLED'), c.created_at DESC`,
      [ids, from, to],
    )) as Row[];
    const leave = (await this.ds.query(
      `SELECT user_id, to_char(day, 'YYYY-MM-DD') AS date FROM leave_days WHERE user_id = ANY($1::uuid[]) AND day BETWEEN $2::date AND $3::date`,
      [ids, from, to],
    )) as { user_id: string; date: string }[];
    const byKey = new Map<string, FriendMorning>();
    // rows come live-first per date: the first one of a user and date is the one shown
    for (const r of rows) {
      const key = `${r.user_id}|${r.date}`;
      if (!byKey.has(key)) byKey.set(key, { userId: r.user_id, date: r.date, challengeId: r.id, outcome: outcomeOf(r), hasPhoto: r.has_photo });
    }
    for (const l of leave) {
      const key = `${l.user_id}|${l.date}`;
      if (!byKey.has(key)) byKey.set(key, { userId: l.user_id, date: l.date, challengeId: null, outcome: 'EXCUSED', hasPhoto: false });
    }
    const outcomes = (await this.ds.query(
      `SELECT user_id, challenge_date::text AS date, is_successful FROM challenges
        WHERE user_id = ANY($1::uuid[]) AND status IN ('COMPLETED', 'PROCESSED') ORDER BY challenge_date`,
      [ids],
    )) as { user_id: string; date: string; is_successful: boolean }[];
    const perUser = new Map<string, { date: string; isSuccessful: boolean }[]>(ids.map((id) => [id, []]));
    for (const o of outcomes) perUser.get(o.user_id)?.push({ date: o.date, isSuccessful: o.is_successful });
    return {
      mornings: [...byKey.values()].sort((a, b) => (a.userId === b.userId ? a.date.localeCompare(b.date) : a.userId.localeCompare(b.userId))),
      streaks: new Map([...perUser].map(([id, list]) => [id, streaks(list).currentStreak])),
    };
  }
}
