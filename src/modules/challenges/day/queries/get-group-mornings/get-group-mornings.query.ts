import { Query } from '@nestjs/cqrs';

/** How a morning went, as friends may see it (never an amount). */
export type MorningOutcome = 'MADE' | 'MISSED' | 'PENDING' | 'EXCUSED';

export interface FriendMorning {
  userId: string;
  date: string;
  /** null for a leave day without a challenge */
  challengeId: string | null;
  outcome: MorningOutcome;
  /** checked in with a stored photo (what a referee may be asked to look at) */
  hasPhoto: boolean;
}

export interface GroupMornings {
  /** one row per user and date at most, dates from..to (real challenges only, never test ones) */
  mornings: FriendMorning[];
  /** each user's current streak, by the same rule as GET /challenges/stats */
  streaks: Map<string, number>;
}

/** Several users' mornings of a date range and their streaks, for groups and their weekly board (no money in it). */
export class GetGroupMorningsQuery extends Query<GroupMornings> {
  constructor(
    readonly userIds: readonly string[],
    readonly from: string,
    readonly to: string,
  ) {
    super();
  }
}
