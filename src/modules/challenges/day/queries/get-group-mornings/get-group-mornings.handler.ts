import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../../../common/uuid.js';
import { streaks } from '../../../shared/domain/challenge-rules.js';
import { ChallengeRepository } from '../../../shared/infrastructure/challenge.repository.js';
import { ChallengeReadsRepository } from '../../../shared/infrastructure/challenge-reads.repository.js';
import { LeaveRepository } from '../../../days-off/infrastructure/leave.repository.js';
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
  constructor(
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(ChallengeReadsRepository) private readonly reads: ChallengeReadsRepository,
    @Inject(LeaveRepository) private readonly leaveDays: LeaveRepository,
  ) {}

  async execute({ userIds, from, to }: GetGroupMorningsQuery): Promise<GroupMornings> {
    const ids = [...new Set(userIds.filter(isUuid))];
    if (ids.length === 0) return { mornings: [], streaks: new Map() };
    const rows: Row[] = await this.reads.groupMornings(ids, from, to);
    const leave = await this.leaveDays.leaveOfUsers(ids, from, to);
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
    const outcomes = await this.reads.outcomesOfUsers(ids);
    const perUser = new Map<string, { date: string; isSuccessful: boolean }[]>(ids.map((id) => [id, []]));
    for (const o of outcomes) perUser.get(o.user_id)?.push({ date: o.date, isSuccessful: o.is_successful });
    return {
      mornings: [...byKey.values()].sort((a, b) => (a.userId === b.userId ? a.date.localeCompare(b.date) : a.userId.localeCompare(b.userId))),
      streaks: new Map([...perUser].map(([id, list]) => [id, streaks(list).currentStreak])),
    };
  }
}
