import { Query } from '@nestjs/cqrs';
import type { InviteView } from '../../domain/views.js';
import type { BoardRow } from '../../domain/group-rules.js';

export type DayOutcome = 'MADE' | 'MISSED' | 'PENDING' | 'EXCUSED' | 'NONE';

export interface GroupDay {
  date: string;
  outcome: DayOutcome;
  /** the member's own days only (to ask their referee) */
  challengeId?: string;
  hasPhoto?: boolean;
  referee: { requestId: string; status: 'PENDING' | 'CONFIRMED' | 'REJECTED'; refereeName: string; note: string | null } | null;
}

export interface GroupMemberView {
  userId: string;
  name: string;
  isOwner: boolean;
  isMe: boolean;
  joinedAt: string;
  madeThisWeek: number;
  days: GroupDay[];
}

export interface GroupPage extends InviteView {
  id: string;
  name: string;
  isOwner: boolean;
  createdAt: string;
  memberCount: number;
  limits: { membersPerGroup: number };
  week: { from: string; to: string; days: string[] };
  today: string;
  members: GroupMemberView[];
  board: BoardRow[];
  boardHidden: number;
  myReferee: { userId: string; name: string; groupId: string; inThisGroup: boolean } | null;
}

/**
 * A group's page, for a member (404 for anyone else): its members, each member's mornings of this week (made it,
 * missed, pending, excused: never an amount) with any referee's answer, and the weekly board of the members whose
 * leaderboard setting allows it.
 */
export class GetGroupPageQuery extends Query<GroupPage> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
  ) {
    super();
  }
}
